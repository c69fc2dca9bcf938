// The syscall provider: syscall::<fn>:entry and :return for every system
// call the running kernel has tracepoints for and whose x86-64 number we
// know. All entry probes fire from one program on the raw sys_enter
// tracepoint and all return probes from one on sys_exit; args[] are typed
// from the sys_enter_<fn> format.
#pragma once

#include "providers/provider.h"

namespace dt {

const Provider& SyscallProvider();

}  // namespace dt
