// The process a run traces: created by -c or grabbed by -p.
//
// Launch() creates the -c process the way DTrace does: stopped at its exec,
// so nothing it does before it is the target program (the forked dtrace
// child's own system calls) is traced, and none of the program's own work
// runs before tracing is on. The child asks to be traced (PTRACE_TRACEME)
// and execs; the kernel stops it with SIGTRAP once the exec has completed.
// A failed exec is reported through a close-on-exec pipe before anything is
// traced: RuntimeError "failed to execute /no/such: No such file or
// directory". Resume() detaches, letting the program run from its first
// instruction. The child is killed (SIGKILL) when dtrace dies, however it
// dies (the parent-death signal), and when the TargetProcess is destroyed
// while the child still runs, as DTrace does with a process it created.
//
// Grab() watches a running process (-p) without stopping it.
//
// exit_fd() is a pidfd that becomes readable when the process exits, so the
// tracing loop learns of it at once; -1 on kernels without pidfd_open(2)
// (before 5.3), where Exited() must be polled.
#pragma once

#include <string>

#include "runtime/unique_fd.h"

namespace dt {

class StopSignals;

class TargetProcess {
 public:
  static TargetProcess Launch(const std::string& command);
  // Throws RuntimeError "failed to grab pid N: No such process".
  static TargetProcess Grab(int pid);

  TargetProcess(TargetProcess&& other) noexcept;
  TargetProcess& operator=(TargetProcess&&) = delete;
  ~TargetProcess();

  int pid() const { return pid_; }
  bool created() const { return created_; }
  int exit_fd() const { return exit_fd_.get(); }

  // Lets a created process held at its exec run on until its executable's
  // entry point, and holds it there: the dynamic linker has then mapped the
  // libraries it starts with (and run their initializers), so pid probes
  // can name them, and nothing of the program's own code has run. Does
  // nothing for a grabbed process, or once done. Throws RuntimeError when
  // the process ends before it gets there.
  void RunToEntry();

  // Lets a created process run; does nothing for a grabbed one or twice.
  void Resume();

  // Whether the process has exited (a created one is reaped).
  bool Exited();

 private:
  TargetProcess(int pid, bool created);

  int pid_ = -1;
  bool created_ = false;
  bool stopped_ = false;  // created and still held (at its exec or entry)
  bool at_entry_ = false;
  bool reaped_ = false;
  runtime::UniqueFd exit_fd_;
};

}  // namespace dt
