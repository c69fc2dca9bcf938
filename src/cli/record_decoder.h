// Turns the bytes the BPF programs send back into consumer Values:
// ring-buffer records (by their RecordDesc) and aggregation map entries
// (summed over CPUs into consumer/aggregation.h's layout).
//
// Stacks become Value::Stack (tracing frames dropped where the field says
// so, which needs the symbol lookup), func()/sym() and mod() fields
// Value::Symbol/Module; the lookup is only called for stacks.
#pragma once

#include <cstdint>
#include <vector>

#include "codegen/compiled_program.h"
#include "consumer/aggregation.h"
#include "consumer/kernel_symbol_lookup.h"
#include "consumer/value.h"
#include "runtime/bpf_map.h"

namespace dt {

Value DecodeField(const uint8_t* base, const FieldDesc& f,
                  const KernelSymbolLookup& lookup = nullptr);

// Whether the action ran when the record was built: an action in an
// if/else branch that was not taken left its fields unwritten (stale
// bytes), so it must neither print nor act.
bool ActionRan(const ActionDesc& a, const uint8_t* record);

// Reads every key of an aggregation map and combines the per-CPU values.
std::vector<AggEntry> ReadAggregation(const runtime::Map& map, const AggregationDef& def,
                                      const KernelSymbolLookup& lookup = nullptr);

}  // namespace dt
