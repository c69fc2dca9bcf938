#include "cli/aggregation_reader.h"

#include <cstdint>
#include <utility>

#include "consumer/record_decoder.h"

namespace dt {

std::vector<AggEntry> ReadAggregation(const runtime::Map& map, const AggregationDef& def,
                                      const KernelSymbolLookup& lookup) {
  std::vector<AggEntry> out;
  std::vector<std::vector<uint8_t>> per_cpu;
  for (const auto& key : map.Keys()) {
    if (!map.LookupPerCpu(key.data(), &per_cpu)) continue;
    out.push_back(DecodeAggregationEntry(key.data(), per_cpu, def, lookup));
  }
  return out;
}

}  // namespace dt
