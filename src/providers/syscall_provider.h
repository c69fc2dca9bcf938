// The syscall provider: syscall::<fn>:entry and :return for every system
// call the running kernel has tracepoints for and whose x86-64 number we
// know. All entry probes fire from one program on the raw sys_enter
// tracepoint and all return probes from one on sys_exit; args[] are typed
// from the sys_enter_<fn> format.
#pragma once

#include <string>

#include "providers/provider.h"

namespace dt {

const Provider& SyscallProvider();

// What the syscall provider keeps in each probe (Probe::data).
struct SyscallProbeData : ProbeData {
  int nr = -1;  // the x86-64 syscall number
  bool is_return = false;
  // events/syscalls/<format_event>, sys_enter_<fn> or sys_exit_<fn>: its
  // format describes the arguments (the raw sys_enter/sys_exit programs
  // fire the probe).
  std::string format_event;
};

// The data of one of SyscallProvider()'s probes.
const SyscallProbeData& SyscallData(const Probe& probe);

}  // namespace dt
