// A provider: one kind of probe, and everything the pipeline needs to know
// about it in one place.
//
// Each provider is one unit under src/providers/ (<name>_provider.{h,cc})
// and one line in the table of provider_table.cc, plus its part in code
// generation (codegen/<name>_context.cc and one line in
// codegen/provider_codegen_table.cc: the BPF code of its context, which
// only codegen can emit; see docs/ARCHITECTURE.md). The registry asks it
// for its probes, the listing for their arguments and stability, sema how
// its arguments are analyzed, code generation for the shape of the BPF
// program that fires them, and the tracing session for how to attach that
// program. Nothing else in the pipeline needs to know which provider it is
// talking to.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "providers/probe.h"
#include "providers/probe_description.h"
#include "providers/stability.h"
#include "runtime/attach.h"

namespace dt {

class ProbeRegistry;
struct StableProbe;  // providers/stable_providers.h

// The BPF program that fires a provider's probes.
struct ProgramShape {
  uint32_t prog_type = 0;  // BPF_PROG_TYPE_*
  // Not attached to any event: the dtrace process runs it with
  // BPF_PROG_TEST_RUN (BEGIN, END, ERROR). Attach() is never called.
  bool run_once = false;
  // Leading frames of bpf_get_stack()'s kernel stack that are the tracing
  // machinery's own, not the traced code's (caller and stackdepth skip them).
  int tracing_frames = 0;
  // There are always exactly tracing_frames of them (fentry: the program,
  // its trampoline and the traced function's first instruction), so stack()
  // leaves them out in the kernel rather than by name in the consumer
  // (kallsyms need not name a trampoline). The stack then starts at the
  // traced function's caller, which is what `caller` gives.
  bool tracing_frames_fixed = false;
  // The kernel stack starts at an interrupted PC (perf events): there are
  // no tracing frames for the consumer to drop by name, and stack() need
  // not fetch room for them.
  bool stack_starts_at_sample = false;
  // One program serves many probes (all syscall entries), so the probe
  // that fired is known only at run time; otherwise each probe has its own.
  bool shared_by_probes = false;
  // BPF_TRACE_* the program is loaded for, when its attach needs one (the
  // multi-uprobe link); 0 for none.
  uint32_t expected_attach_type = 0;
  // BPF_PROG_TYPE_TRACING (fentry/fexit): the kernel function the program
  // is loaded for, by its BTF id in the BTF of attach_btf_module ("vmlinux"
  // or a module's name). 0 for other programs.
  uint32_t attach_btf_id = 0;
  std::string attach_btf_module;
};

class Provider {
 public:
  virtual ~Provider() = default;

  // Adds (ProbeRegistry::Add) the probes this provider offers on this
  // kernel, in the order they are to be numbered.
  virtual void AddProbes(const KernelEventList& events, ProbeRegistry& registry) const = 0;

  // Creates the probe a description names when this provider makes probes
  // on demand (profile-N, tick-N), before the description is matched.
  virtual void CreateOnDemand(const ProbeSpecFields& /*desc*/, ProbeRegistry& /*registry*/) const {}

  // Whether a description names one of its probes; by default each field
  // matches the probe's name for that field (globs allowed). The pid
  // provider also takes a module's shorter names (libc) and a.out.
  virtual bool Matches(const ProbeSpecFields& desc, const Probe& probe) const;

  // The typed arguments (args[]) of one of its probes; none by default. Read
  // once per probe (ProbeRegistry::Args caches them).
  virtual std::vector<ProbeArg> ReadArgs(const Probe& /*probe*/) const { return {}; }

  // DTrace's interface attributes of its probes (`dtrace -lv`).
  virtual const ProviderAttributes& Attributes() const = 0;

  // --- semantic analysis

  // A probe defined in D over a raw tracepoint's arguments (sched, proc,
  // io): the definition sema compiles (condition, context task, args[]).
  // nullptr for probes that are not.
  virtual const StableProbe* DefinitionInD(const Probe& /*probe*/) const { return nullptr; }

  // D over the probe's arg0..argN that gives args[n], for a probe whose
  // args[] are translated from its native arguments (a USDT probe whose
  // provider definition gives a translated prototype); "" where args[n] is
  // the provider's argument itself.
  virtual std::string ArgInD(const Probe& /*probe*/, size_t /*n*/) const { return ""; }
  // argN and args[N] are fields of the tracepoint record the program's
  // context points at (sdt): sema notes their layout for code generation
  // and reads args[N] from the record.
  virtual bool ArgsAreRecordFields() const { return false; }
  // D clauses its probes rely on (lockstat: the per-thread time a lock's
  // contention began), compiled before a program with a description that
  // may name one of its probes; empty for none. Their probes are not
  // counted in what the program matched.
  virtual std::string SupportClauses(const ProbeSpecFields& /*desc*/) const { return {}; }

  // --- the program that fires its probes (code generation)

  virtual ProgramShape Shape() const = 0;
  // The shape of the program serving `group` (a ProgramGroup's probes, in
  // ID order), for providers whose programs differ by what they serve (fbt:
  // an fentry program for one function, a kprobe program for many). By
  // default Shape().
  virtual ProgramShape ShapeOf(const std::vector<const Probe*>& /*group*/) const { return Shape(); }
  // Probes of this provider with the same group share one program (and the
  // groups run in this order); by default each probe has its own.
  virtual uint64_t ProgramGroup(const Probe& probe) const { return probe.id; }
  // The same, knowing that the D program enables `enabled` probes of this
  // provider in all (fbt gives each function its own fentry program while
  // they are few, and one kprobe program to many). By default ProgramGroup.
  virtual uint64_t ProgramGroupAmong(const Probe& probe, size_t /*enabled*/) const {
    return ProgramGroup(probe);
  }
  // The program's name in messages and -S, given the first probe it serves.
  virtual std::string ProgramName(const Probe& first) const { return first.FullName(); }
  // The raw tracepoint the program attaches to, empty if it attaches to none.
  // Code generation tells the tracing functions in a stack by it (caller,
  // stackdepth: __bpf_trace_<tp>, __traceiter_<tp>).
  virtual std::string RawTracepoint(const Probe& /*first*/) const { return {}; }

  // --- the session

  // Throws RuntimeError saying which kernel facility is missing when this
  // kernel cannot attach the program serving `probes` at all; asked before
  // anything is loaded, so a run that cannot trace fails before BEGIN.
  virtual void CheckAttachable(const std::vector<const Probe*>& /*probes*/) const {}
  // Whether this kernel has the facility the probe fires through. Sema
  // leaves out the probes a description matches that it lacks when the
  // description also matches probes it has (`sched:::` on a kernel that
  // refuses fentry traces on-cpu and the rest, not enqueue); alone they
  // stay, for CheckAttachable to say what is missing.
  virtual bool KernelCanFire(const Probe& /*probe*/) const { return true; }
  // Whether its probes fire on their own from the moment they are attached
  // (timers), rather than when something happens. They are attached after
  // every other probe, so a `tick-1s` that ends a run still comes a second
  // after the rest are live, however long attaching them took: DTrace
  // enables all probes at once.
  virtual bool FiresOnItsOwn() const { return false; }
  // Attaches a loaded program that serves `probes` (in ID order; one probe
  // unless Shape().shared_by_probes); detached when the Attachment is
  // destroyed.
  virtual runtime::Attachment Attach(int prog_fd,
                                     const std::vector<const Probe*>& probes) const = 0;
};

// Where `provider` stands in AllProviders(): programs are generated in
// this order.
size_t ProviderRank(const Provider& provider);

// Every provider, in the order their probes are numbered (provider_table.cc).
const std::vector<const Provider*>& AllProviders();

}  // namespace dt
