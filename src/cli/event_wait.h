// Waiting on several file descriptors at once (epoll): the tracing loop
// waits for ring-buffer records, stop signals and the target's exit
// together, so whichever comes first wakes it.
#pragma once

#include <cstdint>

#include "runtime/unique_fd.h"

namespace dt {

class EventWait {
 public:
  EventWait();  // throws RuntimeError
  // Watches `fd` for input; Wait() reports it as bit `tag` (0-31).
  void Add(int fd, int tag);
  // Waits up to timeout_ms (0: don't wait) and returns the tags of the
  // ready descriptors as bits; 0 on time-out or interruption.
  uint32_t Wait(int timeout_ms);

 private:
  runtime::UniqueFd epoll_;
};

}  // namespace dt
