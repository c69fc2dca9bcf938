// Turns the bytes the BPF programs send back into consumer Values:
// ring-buffer records (by their RecordDesc) and aggregation entries (a key
// and its per-CPU values, summed into format/aggregation_layout.h's
// layout). Reading the bytes out of the kernel's maps is the run session's
// (cli/aggregation_reader.h); this only decodes them.
//
// Stacks become Value::Stack (tracing frames dropped where the field says
// so, which needs the symbol lookup), func()/sym() and mod() fields
// Value::Symbol/Module; the lookup is only called for stacks.
#pragma once

#include <cstdint>
#include <vector>

#include "consumer/aggregation.h"
#include "consumer/kernel_symbol_lookup.h"
#include "consumer/value.h"
#include "format/aggregation_layout.h"
#include "format/record_desc.h"

namespace dt {

Value DecodeField(const uint8_t* base, const FieldDesc& f,
                  const KernelSymbolLookup& lookup = nullptr);

// Whether the action ran when the record was built: an action in an
// if/else branch that was not taken left its fields unwritten (stale
// bytes), so it must neither print nor act.
bool ActionRan(const ActionDesc& a, const uint8_t* record);

// One aggregation entry from its key bytes and each CPU's value bytes (at
// least def.value_words words each), the CPUs' values combined.
AggEntry DecodeAggregationEntry(const uint8_t* key,
                                const std::vector<std::vector<uint8_t>>& per_cpu,
                                const AggregationDef& def,
                                const KernelSymbolLookup& lookup = nullptr);

}  // namespace dt
