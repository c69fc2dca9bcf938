#include "runtime/ring_reader.h"

#include <bpf/libbpf.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "common/diagnostic.h"

namespace dt::runtime {
namespace {

// Returned from the C callback to make libbpf stop after a throwing callback.
constexpr int kStopAfterException = -ECANCELED;
// Returned from the C callback when a batch is complete. libbpf then stops,
// with the record just delivered consumed, and returns this code.
constexpr int kStopAtLimit = -EAGAIN;

}  // namespace

RingReader::RingReader(int map_fd, Callback on_record) : on_record_(std::move(on_record)) {
  ring_ = ring_buffer__new(map_fd, &RingReader::Trampoline, this, nullptr);
  if (ring_ == nullptr) {
    throw RuntimeError(std::string("cannot read the BPF ring buffer: ") + std::strerror(errno));
  }
}

RingReader::~RingReader() { ring_buffer__free(ring_); }

int RingReader::Trampoline(void* ctx, void* data, size_t size) {
  auto* self = static_cast<RingReader*>(ctx);
  ++self->consumed_;
  try {
    self->on_record_(static_cast<const uint8_t*>(data), size);
  } catch (...) {
    // Exceptions must not unwind through libbpf's C frames.
    self->pending_ = std::current_exception();
    return kStopAfterException;
  }
  if (self->limit_ > 0 && self->consumed_ >= self->limit_) return kStopAtLimit;
  return 0;
}

int RingReader::Finish(int result, const char* what) {
  int consumed = consumed_;
  consumed_ = 0;
  limit_ = 0;
  if (pending_) std::rethrow_exception(std::exchange(pending_, nullptr));
  if (result < 0 && result != -EINTR && result != kStopAtLimit) {
    throw RuntimeError(std::string("cannot ") + what +
                       " the BPF ring buffer: " + std::strerror(-result));
  }
  return consumed;
}

int RingReader::Poll(int timeout_ms) {
  consumed_ = 0;
  return Finish(ring_buffer__poll(ring_, timeout_ms), "poll");
}

int RingReader::Drain() {
  consumed_ = 0;
  return Finish(ring_buffer__consume(ring_), "consume");
}

int RingReader::Consume(int max_records) {
  consumed_ = 0;
  limit_ = max_records;
  return Finish(ring_buffer__consume(ring_), "consume");
}

int RingReader::epoll_fd() const { return ring_buffer__epoll_fd(ring_); }

}  // namespace dt::runtime
