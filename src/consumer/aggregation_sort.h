// DTrace's ordering of aggregation entries (libdtrace dt_aggregate.c):
// by value, ties broken by key; aggsortkey sorts by key first; aggsortrev
// reverses the whole order; aggsortkeypos rotates which key component is
// compared first; aggsortpos picks which printa() aggregation's value leads.
// Keys compare component by component: integers as unsigned numbers of
// their width, strings bytewise as NUL-padded records, stacks as their
// records (CompareStackKeys), sym()/mod() keys as unsigned addresses (so
// canonicalise them first: aggregation_merge.h).
#pragma once

#include <cstdint>
#include <vector>

#include "consumer/aggregation.h"

namespace dt {

// <0, 0, >0.
int CompareAggKeys(const std::vector<Value>& a, const std::vector<Value>& b, int key_pos,
                   int strsize = 256);
int CompareAggValues(const AggDesc& desc, const std::vector<int64_t>& a,
                     const std::vector<int64_t>& b);

// Entries of several aggregations that share a key, in printa() argument
// order; a missing entry is all zeros.
struct AggBundle {
  std::vector<Value> key;
  std::vector<std::vector<int64_t>> data;  // one per aggregation
};

// The rows printa(@a, @b, ...) prints, in DTrace's order. With one
// aggregation this is also the order of printa(@a) and of exit-time output.
std::vector<AggBundle> SortedBundles(const std::vector<AggSnapshot>& aggs,
                                     const AggSortOptions& opts, int strsize = 256);

}  // namespace dt
