// A probe as DTrace names it, the provider that made it, and what that
// provider keeps to fire it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace dt {

class Provider;  // providers/provider.h

// The provider name of sdt probes (kernel tracepoints). Oracle's DTrace for
// Linux (dtrace-utils) publishes every kernel tracepoint <category>:<event>
// as sdt:<category>::<event> (module = tracepoint category, empty
// function), leaving out the syscalls category, which its syscall provider
// covers, and the dynamic kprobes/uprobes groups. DTrace users on Linux
// know that naming, so we use it: sdt:sched::sched_switch,
// sdt:irq::irq_handler_entry.
inline constexpr const char* kTracepointProvider = "sdt";

// What a provider keeps in each of its probes beyond the names (a syscall's
// number, a profile rate, a tracepoint): each provider derives its own, and
// only that provider (and its part in code generation) reads it.
struct ProbeData {
  virtual ~ProbeData() = default;
};

struct Probe {
  uint32_t id = 0;
  std::string provider, module, function, name;
  // The provider that made the probe: ask it what the probe needs. Never
  // null for a probe from the registry.
  const Provider* owner = nullptr;
  // The owner's own data about the probe (null when it keeps none).
  std::shared_ptr<const ProbeData> data;
  // Stands for probes a description may name later, not for one that exists
  // (the pid provider's, with -Z, for a library the process has not loaded
  // yet): it is never attached, counted or listed; its program serves the
  // probes that the run adds when the library appears (cli/late_probes.h).
  bool placeholder = false;

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
