// A probe as DTrace names it, and what the kernel side needs to fire it.
#pragma once

#include <cstdint>
#include <string>

namespace dt {

enum class ProviderKind { kDtrace, kProfile, kSyscall, kTracepoint, kStable };

struct StableProbe;  // providers/stable_providers.h
class Provider;      // providers/provider.h

// The provider name of kTracepoint probes. Oracle's DTrace for Linux
// (dtrace-utils) publishes every kernel tracepoint <category>:<event> as
// sdt:<category>::<event> (module = tracepoint category, empty function),
// leaving out the syscalls category, which its syscall provider covers, and
// the dynamic kprobes/uprobes groups. DTrace users on Linux know that
// naming, so we use it: sdt:sched::sched_switch, sdt:irq::irq_handler_entry.
inline constexpr const char* kTracepointProvider = "sdt";

struct Probe {
  uint32_t id = 0;
  std::string provider, module, function, name;
  ProviderKind kind = ProviderKind::kDtrace;
  // The provider that made the probe: ask it, not `kind`, what the probe
  // needs. Never null for a probe from the registry.
  const Provider* owner = nullptr;

  // syscall: the x86-64 syscall number and which side of the call.
  int syscall_nr = -1;
  bool is_return = false;

  // profile: the interval, and whether it fires on one CPU (tick) or all.
  uint64_t period_ns = 0;
  bool is_tick = false;

  // tracepoint: events/<tracepoint_category>/<tracepoint_event>, the
  // tracepoint to attach to. syscall: the sys_enter_<fn>/sys_exit_<fn>
  // tracepoint whose format describes the arguments (the raw sys_enter/
  // sys_exit programs fire the probe). Empty for other kinds.
  std::string tracepoint_category, tracepoint_event;

  // sched, proc, io: the definition (raw tracepoint, condition, args).
  const StableProbe* stable = nullptr;

  std::string FullName() const { return provider + ":" + module + ":" + function + ":" + name; }
};

// One typed argument of a probe: args[i] in D.
struct ProbeArg {
  std::string name;  // the tracepoint field ("prev_comm", "filename"); empty if none
  // The C type as the kernel declares it, without a __data_loc/__rel_loc
  // prefix: "const char *", "size_t", "pid_t", "char[16]", "char[]", "long".
  std::string type;
  std::string element_type;  // arrays: the element type ("char"); else == type
  int array_length = -1;     // -1 not an array, 0 for "[]", else the length
  // Where the value lies in the tracepoint record (the ctx of a
  // BPF_PROG_TYPE_TRACEPOINT program). Syscall tracepoints store every
  // parameter in an 8-byte slot whatever its C type, and say signed:0 even
  // for int: convert by `type`, not by size/is_signed.
  uint32_t offset = 0;
  uint32_t size = 0;
  bool is_signed = false;
  // The field is a u32 (length << 16 | offset) locating the data in the
  // record; __rel_loc counts the offset from the end of this field.
  bool is_data_loc = false;
  bool is_rel_loc = false;
};

}  // namespace dt
