// Aggregations as both sides of the ring see them: the aggregating
// functions (one enum for sema, the code generator and the consumer), what
// a D program declared, and how an entry's value is laid out in the map.
//
// Data layout per function, in int64 words per entry (per CPU in the map,
// summed over CPUs by the consumer); the BPF code fills exactly this:
//   count:      [n]
//   sum:        [sum]
//   avg:        [count, sum]
//   min / max:  [count, value]            (count == 0: no data yet)
//   stddev:     [count, sum, sumsq_lo, sumsq_hi]   (sum of squares, u128)
//   quantize:   kQuantizeBuckets buckets (format/quantize_buckets.h)
//   lquantize:  LquantizeLevels(...) + 2 buckets
//   llquantize: LlquantizeBucketCount(...) buckets
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "format/record_desc.h"

namespace dt {

// In DTrace's order; the quantize family last (code compares against
// kQuantize to ask "a distribution?").
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

// Number of int64 words an entry's data holds for this aggregation.
size_t AggDataSize(const AggDesc& desc);

// One aggregation of a compiled program: its map and how a key is laid out.
struct AggregationDef {
  AggDesc desc;
  int map = -1;                       // index among the compiled program's maps
  std::vector<FieldDesc> key_fields;  // offsets within the key
  uint32_t key_size = 0;
  uint32_t value_words = 0;  // int64 words per CPU
  // A keyless aggregation (@ = count()) is held in a one-element per-CPU
  // array, whose lookup costs a fraction of a hash map's: after its value
  // words, one more word per CPU says the CPU updated it (the element
  // exists before anything fires, and an aggregation that never fired
  // prints nothing). Keyed ones, and a keyless one whose extra word would
  // not fit the kernel's per-CPU value size, are per-CPU hash maps.
  bool in_array = false;
};

// The fired word's index in an in_array aggregation's per-CPU value.
inline uint32_t FiredWord(const AggregationDef& def) { return def.value_words; }

}  // namespace dt
