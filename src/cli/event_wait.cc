#include "cli/event_wait.h"

#include <sys/epoll.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "common/diagnostic.h"

namespace dt {

EventWait::EventWait() : epoll_(epoll_create1(EPOLL_CLOEXEC)) {
  if (!epoll_) throw RuntimeError(std::string("cannot create an epoll set: ") + strerror(errno));
}

void EventWait::Add(int fd, int tag) {
  epoll_event ev{};
  ev.events = EPOLLIN;
  ev.data.u32 = static_cast<uint32_t>(tag);
  if (epoll_ctl(epoll_.get(), EPOLL_CTL_ADD, fd, &ev) != 0)
    throw RuntimeError(std::string("cannot watch a descriptor: ") + strerror(errno));
}

uint32_t EventWait::Wait(int timeout_ms) {
  epoll_event events[8];
  int n = epoll_wait(epoll_.get(), events, 8, timeout_ms);
  if (n < 0 && errno != EINTR)
    throw RuntimeError(std::string("cannot wait for events: ") + strerror(errno));
  uint32_t ready = 0;
  for (int i = 0; i < n; ++i) ready |= uint32_t{1} << events[i].data.u32;
  return ready;
}

}  // namespace dt
