// A provider's part in code generation: what the context of its probes
// supplies to a BPF program.
//
// The provider itself (src/providers/) says what its probes are and what
// shape of program fires them; how that program finds the probe that fired,
// reads argN and answers probefunc is BPF code, which only code generation
// can emit (the providers stage sits below it, see docs/ARCHITECTURE.md).
// So each provider has a ProviderCodegen here, in <provider>_context.cc,
// registered with one line in provider_codegen_table.cc.
#pragma once

#include <memory>
#include <vector>

#include "bpf/builder.h"
#include "providers/provider.h"
#include "sema/program_info.h"

namespace dt {

class FunctionGen;
class MapRegistry;
struct SharedMaps;

// The provider's code in one program. Made for each program generated; the
// defaults suit a program that serves one probe.
class ProbeContext {
 public:
  ProbeContext(FunctionGen& gen, const Probe& first) : gen_(gen), first_(first) {}
  virtual ~ProbeContext() = default;

  // Runs once at the start of the program, after the exit() check (e.g.
  // works out which probe fired, and exits when none did).
  virtual void GenPrologue() {}
  // Jumps to `skip` unless the probe that fired is one of `probes`: the
  // probes of this program a clause enables.
  virtual void GenProbeFilter(const std::vector<const Probe*>& probes, bpf::Label skip);
  // The same for `clause`, whose probes in this program are `probes`: by
  // default GenProbeFilter; a program whose probes grow while it traces
  // (late probe tables) asks its tables instead.
  virtual void GenClauseFilter(const ClauseInfo&, const std::vector<const Probe*>& probes,
                               bpf::Label skip) {
    GenProbeFilter(probes, skip);
  }
  // r0 = the id of the probe that fired.
  virtual void GenProbeId();
  // r0 = the clause's enabled probe id (epid) for the probe that fired.
  virtual void GenEpid(const ClauseInfo& clause);
  // r0 = probeprov, probemod, probefunc or probename (kProbeStringSize bytes).
  virtual void GenProbeString(Builtin which);
  // r0 = argN.
  virtual void GenArg(int n) = 0;
  // r0 = errno.
  virtual void GenErrno();
  // The task the probe fires for when it is not the current one (the
  // thread sched:::on-cpu switches to): curthread, pid, execname and self->
  // are that task's. nullptr: the current task.
  virtual const ast::Expr* ContextTask() const { return nullptr; }

 protected:
  FunctionGen& gen_;
  const Probe& first_;  // the first probe the program serves
};

// A provider's code generation: one object per provider, no state.
class ProviderCodegen {
 public:
  virtual ~ProviderCodegen() = default;
  virtual std::unique_ptr<ProbeContext> NewContext(FunctionGen& gen, const Probe& first) const = 0;
  // Before any program is generated / after all are: read-only data its
  // programs share (the syscall tables).
  virtual void BeforePrograms(const ProgramInfo&, MapRegistry&, SharedMaps&) const {}
  virtual void AfterPrograms(const ProgramInfo&, MapRegistry&, const SharedMaps&) const {}
};

// The code generation of `provider` (provider_codegen_table.cc).
const ProviderCodegen& CodegenOf(const Provider& provider);

// For contexts whose program serves many probes, each known by an index
// the prologue keeps in a stack slot (syscall: the syscall number; pid: the
// attach cookie).

// Jumps to `skip` unless the index is one of `members` (all < universe): a
// compare chain for a few, else a bitmap in rodata.
void GenIndexFilter(FunctionGen& gen, int16_t index_slot, const std::vector<uint32_t>& members,
                    uint32_t universe, bpf::Label skip);
// r0 = the u32 at rodata offset `table` + 4 * index.
void GenIndexedWord(FunctionGen& gen, int16_t index_slot, uint32_t table);

}  // namespace dt
