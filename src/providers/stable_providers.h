// DTrace's stable kernel providers, sched, proc and io, built on the
// kernel's raw tracepoints (whose arguments are the kernel's own objects:
// struct task_struct *, struct request *, ...) and, where no tracepoint
// shows an event, on kernel functions' entries and returns.
//
// Each probe names the raw tracepoint it fires on and says, in D, over the
// raw arguments arg0..argN:
//   - `condition`: when the tracepoint is this probe (sched_switch is
//     off-cpu always, sleep only when the task blocks);
//   - `context_task`: for on-cpu, the thread that is *starting* to run, so
//     curthread, pid, tid, execname and self-> are that thread's, as DTrace
//     fires on-cpu in the new thread;
//   - args[]: D type and expression, using the D library's translators.
// The D is compiled by our own front end where a clause uses the probe.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "providers/provider.h"
#include "runtime/kernel_functions.h"

namespace dt {

struct StableProbeArg {
  const char* type;        // as -lv shows it: "lwpsinfo_t *"
  const char* expression;  // D over arg0..argN
};

struct StableProbe {
  const char* provider;  // "sched", "proc", "io"
  const char* name;      // "on-cpu"
  // What it fires on: a raw tracepoint's name ("sched_switch"), or a kernel
  // function's entry or return through a BPF trampoline ("fentry:
  // mutex_unlock", "fexit:mutex_lock"), for what no tracepoint shows. A
  // function's probe carries the function's name in its function field
  // (lockstat:vmlinux:mutex_lock:adaptive-acquire, as DTrace names them),
  // exists where vmlinux's BTF has the function, and attaches where fbt's
  // fentry does; its arg0..argN-1 are the function's parameters and, at
  // fexit, argN its return value (the trampoline's context).
  const char* fires_on;
  const char* condition;     // D, or "" for always
  const char* context_task;  // D (struct task_struct *), or "" for current
  std::vector<StableProbeArg> args;
};

// What a stable provider keeps in each probe.
struct StableProbeData : ProbeData {
  const StableProbe* definition = nullptr;
  // For a probe that fires on a kernel function: the function, and whether
  // at its return (fexit).
  std::optional<runtime::KernelFunction> function;
  bool at_return = false;
};

const StableProbeData& StableData(const Probe& probe);

// Every stable probe, in the order they are numbered.
const std::vector<StableProbe>& StableProbes();

// The provider of all three: one implementation serves sched, proc and io.
const Provider& StableProvider();

// A provider of other probes defined the same way (the tcp, udp and ip
// providers in net_providers.cc, lockstat in lockstat_provider.cc), with
// its own table and attributes; its code generation is sched's.
// `support_clauses`: see Provider::SupportClauses.
std::unique_ptr<Provider> NewStableProvider(const std::vector<StableProbe>& probes,
                                            const ProviderAttributes& attributes,
                                            const char* support_clauses = "");

}  // namespace dt
