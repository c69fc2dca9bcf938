#include "cli/stop_signals.h"

#include <sys/signalfd.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "common/diagnostic.h"

namespace dt {
namespace {

sigset_t StopSet() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  return set;
}

}  // namespace

StopSignals::StopSignals() {
  sigset_t set = StopSet();
  if (sigprocmask(SIG_BLOCK, &set, &previous_mask_) != 0)
    throw RuntimeError(std::string("cannot block SIGINT and SIGTERM: ") + strerror(errno));
  fd_.Reset(signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC));
  if (!fd_) {
    int error = errno;
    sigprocmask(SIG_SETMASK, &previous_mask_, nullptr);
    throw RuntimeError(std::string("cannot create a signalfd: ") + strerror(error));
  }
}

StopSignals::~StopSignals() {
  // Consume what is queued first: unblocked, a pending SIGINT would kill
  // the process on its way out.
  Poll();
  sigprocmask(SIG_SETMASK, &previous_mask_, nullptr);
}

int StopSignals::Poll() {
  signalfd_siginfo info[8];
  for (;;) {
    ssize_t n = read(fd_.get(), info, sizeof(info));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    received_ += static_cast<int>(static_cast<size_t>(n) / sizeof(info[0]));
  }
  return received_;
}

void StopSignals::RestoreInChild() const { sigprocmask(SIG_SETMASK, &previous_mask_, nullptr); }

}  // namespace dt
