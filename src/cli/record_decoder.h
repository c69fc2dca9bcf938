// Turns the bytes the BPF programs send back into consumer Values:
// ring-buffer records (by their RecordDesc) and aggregation map entries
// (summed over CPUs into consumer/aggregation.h's layout).
#pragma once

#include <cstdint>
#include <vector>

#include "codegen/compiled_program.h"
#include "consumer/aggregation.h"
#include "consumer/value.h"
#include "runtime/bpf_map.h"

namespace dt {

Value DecodeField(const uint8_t* base, const FieldDesc& f);

// Reads every key of an aggregation map and combines the per-CPU values.
std::vector<AggEntry> ReadAggregation(const runtime::Map& map, const AggregationDef& def);

}  // namespace dt
