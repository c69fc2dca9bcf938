// The part of a provider's context that pid and usdt share: one program
// serves many probes, each known by its index in the group's probe list,
// which the prologue reads from the attach cookie into index_slot_. Probe
// ids, epids and probe names are then tables in rodata indexed by it.
#pragma once

#include <cstdint>
#include <vector>

#include "codegen/compiled_program.h"
#include "codegen/probe_context.h"

namespace dt {

class IndexedProbeContext : public ProbeContext {
 public:
  IndexedProbeContext(FunctionGen& gen, const Probe& first);

  void GenProbeFilter(const std::vector<const Probe*>& probes, bpf::Label skip) override;
  void GenClauseFilter(const ClauseInfo& clause, const std::vector<const Probe*>& probes,
                       bpf::Label skip) override;
  void GenProbeId() override;
  void GenEpid(const ClauseInfo& clause) override;
  void GenProbeString(Builtin which) override;

 protected:
  // The tables go to a LateProbeTable (compiled_program.h) with room for
  // probes the run adds when process `pid` maps objects: call from the
  // subclass's constructor. The prologue must then read the index from the
  // cookie whatever the number of probes and bound it by Capacity().
  // `providers_vary`: the probes added may have other providers than the
  // first's (usdt), so probeprov is a table too.
  void UseLateTable(int32_t pid, bool providers_vary = false);
  bool late() const { return late_; }
  uint32_t Capacity() const;

  // The probe's index in probes_, or -1.
  int32_t IndexOf(const Probe& p) const;
  // r0 = words[index of the probe that fired].
  void GenTableWord(const std::vector<uint32_t>& words);

  LateProbeTable& LateTable();
  uint32_t EpidRegion(const ClauseInfo& clause);
  // r0 = the address of entry index * entry_size of the late table's region,
  // the index the one in `slot` (index_slot_ by default).
  void GenLateEntryAddress(uint32_t region, int entry_shift);
  void GenLateEntryAddress(uint32_t region, int entry_shift, int16_t slot);

  const std::vector<const Probe*>& probes_;  // the group's, in ID order
  bool late_ = false;
  bool late_providers_vary_ = false;
  int16_t index_slot_ = 0;  // set by the subclass's prologue
};

}  // namespace dt
