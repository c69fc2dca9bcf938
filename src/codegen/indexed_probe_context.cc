#include "codegen/indexed_probe_context.h"

#include <string>

#include "codegen/function_gen.h"
#include "codegen/late_probe_table.h"
#include "codegen/map_registry.h"

namespace dt {

using namespace bpf;

IndexedProbeContext::IndexedProbeContext(FunctionGen& gen, const Probe& first)
    : ProbeContext(gen, first), probes_(gen.group_probes()) {}

void IndexedProbeContext::UseLateTable(int32_t pid, bool providers_vary) {
  late_ = true;
  late_providers_vary_ = providers_vary;
  LateTable().pid = pid;
}

uint32_t IndexedProbeContext::Capacity() const {
  return late_ ? LateProbeCapacity(probes_.size()) : static_cast<uint32_t>(probes_.size());
}

LateProbeTable& IndexedProbeContext::LateTable() {
  std::vector<LateProbeTable>& tables = gen_.out().late_tables;
  for (LateProbeTable& t : tables)
    if (t.first == probes_.front()) return t;
  LateProbeTable t;
  t.first = probes_.front();
  t.probes = probes_;
  t.capacity = LateProbeCapacity(probes_.size());
  // Sized and filled when code generation ends (FinishMaps).
  t.map = gen_.maps().Add({"late_probes", BPF_MAP_TYPE_ARRAY, 4, 8, 1, 0, {}});
  tables.push_back(std::move(t));
  return tables.back();
}

uint32_t IndexedProbeContext::EpidRegion(const ClauseInfo& ci) {
  LateProbeTable& t = LateTable();
  auto it = t.epids.find(ci.index);
  if (it != t.epids.end()) return it->second;
  uint32_t region = ReserveLateRegion(t, 4);
  t.epids[ci.index] = region;
  return region;
}

void IndexedProbeContext::GenLateEntryAddress(uint32_t region, int entry_shift) {
  GenLateEntryAddress(region, entry_shift, index_slot_);
}

void IndexedProbeContext::GenLateEntryAddress(uint32_t region, int entry_shift, int16_t slot) {
  Builder& b = gen_.builder();
  b.Load(8, R0, R10, slot);
  b.AluImm(BPF_LSH, R0, entry_shift);
  b.LoadMapValueAddr(R1, LateTable().map, region);
  b.Alu(BPF_ADD, R0, R1);
}

void IndexedProbeContext::GenClauseFilter(const ClauseInfo& ci,
                                          const std::vector<const Probe*>& probes, Label skip) {
  if (!late_) {
    GenProbeFilter(probes, skip);
    return;
  }
  // The clause's epid for the probe; 0: it does not enable it.
  GenLateEntryAddress(EpidRegion(ci), 2);
  gen_.builder().Load(4, R0, R0, 0);
  gen_.builder().JumpIfImm(BPF_JEQ, R0, 0, skip);
}

void IndexedProbeContext::GenProbeFilter(const std::vector<const Probe*>& probes, Label skip) {
  if (probes.size() == probes_.size()) return;
  std::vector<uint32_t> indexes;
  for (const Probe* p : probes) indexes.push_back(static_cast<uint32_t>(IndexOf(*p)));
  GenIndexFilter(gen_, index_slot_, indexes, static_cast<uint32_t>(probes_.size()), skip);
}

void IndexedProbeContext::GenProbeId() {
  if (late_) {
    LateProbeTable& t = LateTable();
    if (t.ids == LateProbeTable::kAbsent) t.ids = ReserveLateRegion(t, 4);
    GenLateEntryAddress(t.ids, 2);
    gen_.builder().Load(4, R0, R0, 0);
    return;
  }
  std::vector<uint32_t> ids;
  for (const Probe* p : probes_) ids.push_back(p->id);
  GenTableWord(ids);
}

void IndexedProbeContext::GenEpid(const ClauseInfo& ci) {
  if (late_) {
    GenLateEntryAddress(EpidRegion(ci), 2);
    gen_.builder().Load(4, R0, R0, 0);
    return;
  }
  std::vector<uint32_t> epids(probes_.size(), 0);
  for (size_t i = 0; i < ci.probes.size(); ++i) {
    int32_t at = IndexOf(*ci.probes[i]);
    if (at >= 0) epids[at] = ci.epid_base + static_cast<uint32_t>(i);
  }
  GenTableWord(epids);
}

void IndexedProbeContext::GenProbeString(Builtin which) {
  // Every pid probe of a process has one provider; usdt probes have theirs.
  if (late_ && (which != Builtin::kProbeprov || late_providers_vary_)) {
    LateProbeTable& t = LateTable();
    int k = which == Builtin::kProbemod    ? 0
            : which == Builtin::kProbefunc ? 1
            : which == Builtin::kProbename ? 2
                                           : 3;
    if (t.strings[k] == LateProbeTable::kAbsent)
      t.strings[k] = ReserveLateRegion(t, static_cast<uint32_t>(kProbeStringSize));
    GenLateEntryAddress(t.strings[k], 6);  // kProbeStringSize per entry
    return;
  }
  std::vector<std::string> texts;
  bool all_same = true;
  for (const Probe* p : probes_) {
    const std::string& text = which == Builtin::kProbeprov   ? p->provider
                              : which == Builtin::kProbemod  ? p->module
                              : which == Builtin::kProbefunc ? p->function
                                                             : p->name;
    all_same &= texts.empty() || text == texts.front();
    texts.push_back(text.substr(0, kProbeStringSize - 1));
  }
  if (all_same) {
    gen_.GenStringLiteral(texts.front(), kProbeStringSize);
    return;
  }
  std::string table(texts.size() * kProbeStringSize, '\0');
  for (size_t i = 0; i < texts.size(); ++i)
    table.replace(i * kProbeStringSize, texts[i].size(), texts[i]);
  uint32_t off = gen_.maps().AddRodata(table, static_cast<uint32_t>(table.size()));
  Builder& b = gen_.builder();
  b.Load(8, R0, R10, index_slot_);
  b.AluImm(BPF_LSH, R0, 6);  // kProbeStringSize per entry
  b.LoadMapValueAddr(R1, gen_.maps().rodata_map(), off);
  b.Alu(BPF_ADD, R0, R1);
}

int32_t IndexedProbeContext::IndexOf(const Probe& p) const {
  for (size_t i = 0; i < probes_.size(); ++i)
    if (probes_[i] == &p) return static_cast<int32_t>(i);
  return -1;
}

void IndexedProbeContext::GenTableWord(const std::vector<uint32_t>& words) {
  Builder& b = gen_.builder();
  if (words.size() == 1) {
    b.MovImm(R0, static_cast<int32_t>(words.front()));
    return;
  }
  std::string table(words.size() * 4, '\0');
  for (size_t i = 0; i < words.size(); ++i)
    for (int byte = 0; byte < 4; ++byte)
      table[i * 4 + byte] = static_cast<char>((words[i] >> (8 * byte)) & 0xff);
  GenIndexedWord(gen_, index_slot_,
                 gen_.maps().AddRodata(table, static_cast<uint32_t>(table.size())));
}

}  // namespace dt
