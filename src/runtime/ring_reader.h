// RingReader: consumes records from a BPF_MAP_TYPE_RINGBUF map.
//
// The callback runs on the caller's thread, synchronously inside Poll(),
// Drain() or Consume(), once per record, with a pointer valid only for the
// call. If the callback throws, consumption stops and the exception
// propagates out (the record that threw counts as consumed; a way to stop on
// exit()). Records are delivered in the order the kernel committed them.
//
// Poll() and Drain() read until the ring is empty, which never happens while
// probes write faster than the callback consumes; a loop that must also
// notice signals or timers reads in bounded batches with Consume().
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>

struct ring_buffer;

namespace dt::runtime {

class RingReader {
 public:
  using Callback = std::function<void(const uint8_t* data, size_t size)>;

  // Throws RuntimeError if the ring cannot be mapped.
  RingReader(int map_fd, Callback on_record);
  ~RingReader();
  RingReader(const RingReader&) = delete;
  RingReader& operator=(const RingReader&) = delete;

  // Waits up to timeout_ms (-1: forever, 0: don't wait) for data, then
  // consumes what is available. Returns the number of records consumed; 0 on
  // timeout or when interrupted by a signal (EINTR). Throws on other errors.
  int Poll(int timeout_ms);

  // Consumes everything currently available without waiting.
  int Drain();

  // Consumes at most max_records (> 0) of what is available, without
  // waiting. Returns how many it consumed: max_records means more may wait.
  int Consume(int max_records);

  // The epoll fd that becomes readable when records arrive (for callers that
  // multiplex other fds).
  int epoll_fd() const;

 private:
  static int Trampoline(void* ctx, void* data, size_t size);
  int Finish(int result, const char* what);

  ring_buffer* ring_ = nullptr;
  Callback on_record_;
  std::exception_ptr pending_;
  int consumed_ = 0;
  int limit_ = 0;  // Consume()'s batch size; 0: no limit
};

}  // namespace dt::runtime
