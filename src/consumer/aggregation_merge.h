// Combining aggregation entries after their keys were decoded.
//
// libdtrace rewrites sym()/func() and mod() key records when it reads the
// kernel's buffers: a sym() key becomes the start of its symbol and a mod()
// key the start of its module, and entries that end up with the same key
// are combined. So `@[sym(arg0)] = count()` has one line per function, not
// one per PC. MergeSymbolKeys() does that here, and merges any other
// entries whose keys compare equal too (e.g. stacks that differed only in
// the tracing frames dropped at decoding, stack_format.h).
//
// Call it on every snapshot read from the maps, before printing, clear()
// or trunc() decisions; it is idempotent.
#pragma once

#include <cstdint>
#include <vector>

#include "consumer/aggregation.h"
#include "consumer/kernel_symbol_lookup.h"

namespace dt {

// a + b wrapping around 2^64, as the kernel's counters and DTrace's
// unsigned sums do (a signed overflow would be undefined).
inline int64_t WrappingAdd(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}

// total += more, per aggregating function: count/sum/avg/stddev add (the
// sum of squares as 128 bits), min/max keep the extreme of the entries that
// have data ([count, value], count 0 means none), the quantize family adds
// bucket by bucket. Every add wraps (WrappingAdd). Missing words count as
// zero. This is also how the per-CPU copies of an entry combine.
void CombineAggData(const AggDesc& desc, std::vector<int64_t>& total,
                    const std::vector<int64_t>& more);

// Rewrites kSymbol/kModule key components to CanonicalSymbolKey() /
// CanonicalModuleKey() and merges entries whose keys are then equal
// (CompareAggKeys() == 0). The first entry of each key keeps its place.
void MergeSymbolKeys(const AggDesc& desc, std::vector<AggEntry>& entries,
                     const KernelSymbolLookup& lookup, int strsize = 256,
                     const UserSymbolLookup& user_lookup = nullptr);
void MergeSymbolKeys(AggSnapshot& snapshot, const KernelSymbolLookup& lookup, int strsize = 256,
                     const UserSymbolLookup& user_lookup = nullptr);

}  // namespace dt
