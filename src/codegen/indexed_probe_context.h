// The part of a provider's context that pid and usdt share: one program
// serves many probes, each known by its index in the group's probe list,
// which the prologue reads from the attach cookie into index_slot_. Probe
// ids, epids and probe names are then tables in rodata indexed by it.
#pragma once

#include <cstdint>
#include <vector>

#include "codegen/probe_context.h"

namespace dt {

class IndexedProbeContext : public ProbeContext {
 public:
  IndexedProbeContext(FunctionGen& gen, const Probe& first);

  void GenProbeFilter(const std::vector<const Probe*>& probes, bpf::Label skip) override;
  void GenProbeId() override;
  void GenEpid(const ClauseInfo& clause) override;
  void GenProbeString(Builtin which) override;

 protected:
  // The probe's index in probes_, or -1.
  int32_t IndexOf(const Probe& p) const;
  // r0 = words[index of the probe that fired].
  void GenTableWord(const std::vector<uint32_t>& words);

  const std::vector<const Probe*>& probes_;  // the group's, in ID order
  int16_t index_slot_ = 0;                   // set by the subclass's prologue
};

}  // namespace dt
