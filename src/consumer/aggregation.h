// The consumer's model of an aggregation: what was declared, and the data
// the BPF side collected, already summed over CPUs.
//
// AggEntry::data layout per function (fixed; the BPF code fills exactly this):
//   count:      [n]
//   sum:        [sum]
//   avg:        [count, sum]
//   min / max:  [count, value]            (count == 0: no data yet)
//   stddev:     [count, sum, sumsq_lo, sumsq_hi]   (sum of squares, u128)
//   quantize:   kQuantizeBuckets buckets (see quantize.h)
//   lquantize:  LquantizeLevels(...) + 2 buckets
//   llquantize: LlquantizeBucketCount(...) buckets
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "consumer/value.h"

namespace dt {

enum class AggFunc { kCount, kSum, kAvg, kMin, kMax, kStddev, kQuantize, kLquantize, kLlquantize };

struct AggDesc {
  std::string name;  // "" for @
  AggFunc func = AggFunc::kCount;
  int64_t lq_base = 0, lq_limit = 0, lq_step = 1;  // lquantize(x, base, limit, step)
  int64_t llq_factor = 0, llq_low = 0, llq_high = 0, llq_nsteps = 0;  // llquantize
  // Variable id: order of first appearance in the program. DTrace sorts and
  // prints aggregations in this order.
  int id = 0;
  uint64_t normal = 1;  // normalize() divisor; 1 when not normalized
};

struct AggEntry {
  std::vector<Value> key;     // empty for an unkeyed aggregation
  std::vector<int64_t> data;  // layout above
};

// One aggregation variable and its current contents.
struct AggSnapshot {
  AggDesc desc;
  std::vector<AggEntry> entries;
};

// The aggsort* options (all unset by default).
struct AggSortOptions {
  bool sort_key = false;  // aggsortkey: sort by key rather than value
  bool sort_rev = false;  // aggsortrev: reverse the whole order
  int sort_pos = 0;       // aggsortpos: which printa() aggregation's value sorts
  int sort_key_pos = 0;   // aggsortkeypos: which key component sorts first
};

// Number of int64 words an entry's data holds for this aggregation.
size_t AggDataSize(const AggDesc& desc);

}  // namespace dt
