// Reads an aggregation's map out of the kernel: every key with its per-CPU
// values, decoded and combined by the consumer (consumer/record_decoder.h);
// a keyless one's element only if some CPU updated it (AggregationDef::in_array).
#pragma once

#include <vector>

#include "consumer/aggregation.h"
#include "consumer/kernel_symbol_lookup.h"
#include "format/aggregation_layout.h"
#include "runtime/bpf_map.h"

namespace dt {

std::vector<AggEntry> ReadAggregation(const runtime::Map& map, const AggregationDef& def,
                                      const KernelSymbolLookup& lookup = nullptr);

}  // namespace dt
