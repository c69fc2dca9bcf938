// DTrace's stable kernel providers, sched, proc and io, built on the
// kernel's raw tracepoints (whose arguments are the kernel's own objects:
// struct task_struct *, struct request *, ...).
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
#include <string>
#include <vector>

#include "providers/provider.h"

namespace dt {

struct StableProbeArg {
  const char* type;        // as -lv shows it: "lwpsinfo_t *"
  const char* expression;  // D over arg0..argN
};

struct StableProbe {
  const char* provider;  // "sched", "proc", "io"
  const char* name;      // "on-cpu"
  const char* raw_tracepoint;
  const char* condition;     // D, or "" for always
  const char* context_task;  // D (struct task_struct *), or "" for current
  std::vector<StableProbeArg> args;
};

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
