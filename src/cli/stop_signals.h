// SIGINT and SIGTERM as events the tracing loop reads, not flags set by an
// asynchronous handler.
//
// While a StopSignals exists, both signals are blocked and queue on a
// signalfd: the loop waits on fd() beside the ring buffer, so a signal wakes
// it at once even while records keep arriving, and the count of signals
// (the first stops tracing, a second abandons what is left to print, as in
// DTrace) is plain state the session owns. Blocked signals are queued even
// when their disposition is "ignore" (a background job of a non-interactive
// shell), so `dtrace ... & kill -INT $!` stops dtrace as a terminal's
// Ctrl-C does. Children dtrace forks must call RestoreInChild() before
// exec, or they would start with the signals blocked.
#pragma once

#include <signal.h>

#include "runtime/unique_fd.h"

namespace dt {

class StopSignals {
 public:
  // Throws RuntimeError when the signalfd cannot be made.
  StopSignals();
  ~StopSignals();
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

  // Readable when a signal is waiting.
  int fd() const { return fd_.get(); }

  // Reads the signals queued since the last call, without waiting; returns
  // the total received so far.
  int Poll();
  int received() const { return received_; }

  // In a forked child, before exec: the signal mask dtrace started with.
  // Async-signal-safe.
  void RestoreInChild() const;

 private:
  sigset_t previous_mask_;
  runtime::UniqueFd fd_;
  int received_ = 0;
};

}  // namespace dt
