// The typed arguments (D's args[]) of a probe, read from tracefs.
//
//   sdt (tracepoint)  the event's own fields in record order, common_* left
//                     out: sched_switch gives prev_comm char[16], prev_pid
//                     pid_t, ...
//   syscall entry     the sys_enter_<fn> fields after __syscall_nr: the
//                     syscall's real parameter types ("const char *", "size_t")
//   syscall return    args[0] and args[1], both "long": the return value
//   dtrace, profile   none (DTrace gives these probes no typed arguments)
//
// Each provider reads its own (Provider::ReadArgs); this file has the
// helpers they share. Reading a format costs a file read, so
// ProbeRegistry::Args() asks once per probe, and only for the probes someone
// asks about.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "providers/probe.h"
#include "runtime/tracefs.h"

namespace dt {

// The arguments a format describes: its fields (common_* are already apart),
// minus __syscall_nr, which is the syscall's number, not one of its parameters.
std::vector<ProbeArg> ArgsFromTracepointFormat(const runtime::TracepointFormat& format);

// The arguments of a syscall return probe given its sys_exit_<fn> format
// (nullptr when unreadable: the record layout every sys_exit shares is used).
std::vector<ProbeArg> SyscallReturnArgs(const runtime::TracepointFormat* exit_format);

// The format of events/<category>/<event>, or nothing when the tracepoint
// vanished or its format cannot be read.
std::optional<runtime::TracepointFormat> TryReadTracepointFormat(const std::string& category,
                                                                 const std::string& event);

// The arguments of `probe`, as its provider reads them (Provider::ReadArgs).
// A tracepoint that vanished or whose format cannot be read gives no
// arguments rather than an error: listing must go on, and such a probe
// cannot be enabled anyway.
std::vector<ProbeArg> ReadProbeArgs(const Probe& probe);

}  // namespace dt
