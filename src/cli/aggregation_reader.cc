#include "cli/aggregation_reader.h"

#include <cstdint>
#include <cstring>
#include <utility>

#include "consumer/record_decoder.h"

namespace dt {

std::vector<AggEntry> ReadAggregation(const runtime::Map& map, const AggregationDef& def,
                                      const KernelSymbolLookup& lookup) {
  std::vector<AggEntry> out;
  std::vector<std::vector<uint8_t>> per_cpu;
  if (def.in_array) {
    const uint32_t index = 0;
    if (!map.LookupPerCpu(&index, &per_cpu)) return out;
    bool fired = false;
    for (std::vector<uint8_t>& cpu : per_cpu) {
      uint64_t word = 0;
      memcpy(&word, cpu.data() + FiredWord(def) * 8, sizeof(word));
      fired = fired || word != 0;
      cpu.resize(def.value_words * 8);
    }
    if (fired) out.push_back(DecodeAggregationEntry(nullptr, per_cpu, def, lookup));
    return out;
  }
  for (const auto& key : map.Keys()) {
    if (!map.LookupPerCpu(key.data(), &per_cpu)) continue;
    out.push_back(DecodeAggregationEntry(key.data(), per_cpu, def, lookup));
  }
  return out;
}

}  // namespace dt
