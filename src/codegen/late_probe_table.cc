#include "codegen/late_probe_table.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "sema/program_info.h"

namespace dt {

uint32_t LateProbeCapacity(size_t known) {
  const auto n = static_cast<uint32_t>(known);
  return std::max(n, std::min(n + kLateProbeSpare, kLateProbeMaxCapacity));
}

namespace {

uint32_t Reserve(LateProbeTable& table, uint32_t entries, uint32_t entry_size) {
  uint32_t off = (table.value_size + 7) & ~7u;
  table.value_size = off + entries * entry_size;
  return off;
}

}  // namespace

uint32_t ReserveLateRegion(LateProbeTable& table, uint32_t entry_size) {
  return Reserve(table, table.capacity, entry_size);
}

uint32_t ReserveLateSiteRegion(LateProbeTable& table, uint32_t entry_size) {
  return Reserve(table, table.site_capacity, entry_size);
}

void WriteLateEntry(const LateProbeTable& table, std::vector<uint8_t>& value, uint32_t index,
                    const Probe& probe, const std::map<int, uint32_t>& epid_of_clause) {
  auto put_word = [&](uint32_t region, uint32_t word) {
    std::memcpy(value.data() + region + 4 * index, &word, 4);
  };
  if (table.ids != LateProbeTable::kAbsent) put_word(table.ids, probe.id);
  for (const auto& [clause, region] : table.epids) {
    auto it = epid_of_clause.find(clause);
    put_word(region, it == epid_of_clause.end() ? 0 : it->second);
  }
  const std::string* names[4] = {&probe.module, &probe.function, &probe.name, &probe.provider};
  for (int k = 0; k < 4; ++k) {
    if (table.strings[k] == LateProbeTable::kAbsent) continue;
    uint8_t* at = value.data() + table.strings[k] + kProbeStringSize * index;
    std::memset(at, 0, kProbeStringSize);
    std::memcpy(at, names[k]->data(), std::min<size_t>(names[k]->size(), kProbeStringSize - 1));
  }
}

}  // namespace dt
