#include "codegen/program_split.h"

#include <algorithm>
#include <set>

namespace dt {

std::vector<int> MapsReferenced(const std::vector<bpf_insn>& insns, size_t begin, size_t end) {
  std::set<int> maps;
  for (size_t i = begin; i < end && i < insns.size(); ++i) {
    const bpf_insn& insn = insns[i];
    if (insn.code != (BPF_LD | BPF_DW | BPF_IMM)) continue;
    if (insn.src_reg == BPF_PSEUDO_MAP_FD || insn.src_reg == BPF_PSEUDO_MAP_VALUE)
      maps.insert(insn.imm);
    ++i;  // the second half of ld_imm64
  }
  return {maps.begin(), maps.end()};
}

std::vector<size_t> SplitPoints(const ProgramDef& whole, const SplitLimits& limits) {
  const std::vector<CodeSpan>& spans = whole.clause_spans;
  if (spans.empty()) return {0};
  const size_t prologue_end = spans.front().first_insn;
  // The prologue, and the epilogue (a tail call, at most 8 instructions).
  const size_t fixed_insns = prologue_end + 8;
  const std::vector<int> prologue_maps = MapsReferenced(whole.insns, 0, prologue_end);
  auto clause_end = [&](size_t i) {
    return i + 1 < spans.size() ? spans[i + 1].first_insn : whole.insns.size();
  };
  if (whole.insns.size() + 8 <= limits.max_insns &&
      MapsReferenced(whole.insns, 0, whole.insns.size()).size() <= limits.max_maps) {
    return {0};
  }
  std::vector<size_t> starts = {0};
  size_t insns = fixed_insns;
  std::set<int> maps(prologue_maps.begin(), prologue_maps.end());
  const size_t map_budget = limits.max_maps - 1;  // the prog array
  for (size_t i = 0; i < spans.size(); ++i) {
    size_t size = clause_end(i) - spans[i].first_insn;
    std::vector<int> mine = MapsReferenced(whole.insns, spans[i].first_insn, clause_end(i));
    std::set<int> with = maps;
    with.insert(mine.begin(), mine.end());
    bool fits = insns + size <= limits.max_insns && with.size() <= map_budget;
    if (!fits && i != starts.back()) {
      starts.push_back(i);
      insns = fixed_insns;
      with = std::set<int>(prologue_maps.begin(), prologue_maps.end());
      with.insert(mine.begin(), mine.end());
    }
    insns += size;
    maps = std::move(with);
  }
  return starts;
}

}  // namespace dt
