// UniqueFd: sole owner of a file descriptor, closed on destruction.
//
// Every kernel object the runtime creates (maps, programs, perf events, raw
// tracepoint links) lives behind a file descriptor; closing the last
// descriptor is what detaches and frees it. Owning each one in a UniqueFd is
// how the runtime guarantees nothing stays attached after an exception. (On
// process death, including by signal, the kernel closes the fds itself, and
// nothing is pinned, so nothing outlives the dtrace process either way.)
#pragma once

#include <utility>

namespace dt::runtime {

class UniqueFd {
 public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  ~UniqueFd() { Reset(); }

  UniqueFd(UniqueFd&& other) noexcept : fd_(other.Release()) {}
  UniqueFd& operator=(UniqueFd&& other) noexcept {
    if (this != &other) Reset(other.Release());
    return *this;
  }
  UniqueFd(const UniqueFd&) = delete;
  UniqueFd& operator=(const UniqueFd&) = delete;

  int get() const { return fd_; }
  bool valid() const { return fd_ >= 0; }
  explicit operator bool() const { return valid(); }

  // Gives up ownership without closing.
  int Release() { return std::exchange(fd_, -1); }
  // Closes the current descriptor (if any) and takes `fd`.
  void Reset(int fd = -1);

 private:
  int fd_ = -1;
};

}  // namespace dt::runtime
