#include "codegen/indexed_probe_context.h"

#include <string>

#include "codegen/function_gen.h"

namespace dt {

using namespace bpf;

IndexedProbeContext::IndexedProbeContext(FunctionGen& gen, const Probe& first)
    : ProbeContext(gen, first), probes_(gen.group_probes()) {}

void IndexedProbeContext::GenProbeFilter(const std::vector<const Probe*>& probes, Label skip) {
  if (probes.size() == probes_.size()) return;
  std::vector<uint32_t> indexes;
  for (const Probe* p : probes) indexes.push_back(static_cast<uint32_t>(IndexOf(*p)));
  GenIndexFilter(gen_, index_slot_, indexes, static_cast<uint32_t>(probes_.size()), skip);
}

void IndexedProbeContext::GenProbeId() {
  std::vector<uint32_t> ids;
  for (const Probe* p : probes_) ids.push_back(p->id);
  GenTableWord(ids);
}

void IndexedProbeContext::GenEpid(const ClauseInfo& ci) {
  std::vector<uint32_t> epids(probes_.size(), 0);
  for (size_t i = 0; i < ci.probes.size(); ++i) {
    int32_t at = IndexOf(*ci.probes[i]);
    if (at >= 0) epids[at] = ci.epid_base + static_cast<uint32_t>(i);
  }
  GenTableWord(epids);
}

void IndexedProbeContext::GenProbeString(Builtin which) {
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
