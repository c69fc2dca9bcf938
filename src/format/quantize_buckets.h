// Bucket schemes of quantize(), lquantize() and llquantize(): which bucket
// a value falls in, and how many buckets an aggregation's data holds. The
// BPF code generator computes bucket indexes in the kernel and the consumer
// labels and prints the buckets; both follow these definitions, and the
// functions here are the reference the generator's tests compare against.
//
// quantize: kQuantizeBuckets buckets; index 63 holds 0, 63+k (k = 1..63)
//   holds [2^(k-1), 2^k), 63-k holds (-2^k, -2^(k-1)]; the outermost buckets
//   also take everything beyond them.
// lquantize(x, base, limit, step): levels = (limit - base) / step; [0] is
//   x < base, [1+i] is [base+i*step, base+(i+1)*step), [levels+1] the rest.
// llquantize(x, factor, low, high, nsteps): bucket 0 is x < factor^low; for
//   each order of magnitude m in [low, high] the range [factor^m,
//   factor^(m+1)) is split in steps of factor^(m+1)/nsteps (at least 1);
//   the last bucket is x >= factor^(high+1).
#pragma once

#include <cstdint>
#include <vector>

namespace dt {

constexpr int kQuantizeBuckets = 127;
constexpr int kQuantizeZeroBucket = 63;

// Label (lowest value) of a quantize bucket.
int64_t QuantizeBucketValue(int bucket);
int QuantizeBucketIndex(int64_t value);

int64_t LquantizeLevels(int64_t base, int64_t limit, int64_t step);
int LquantizeBucketIndex(int64_t value, int64_t base, int64_t limit, int64_t step);

// Lower bounds of llquantize buckets 1..N-1, ascending: the in-range
// buckets, then the overflow bucket (factor^(high+1)). Bucket 0 is every
// value below the first bound, so a value's bucket is 1 + the index of the
// last bound <= value, or 0.
std::vector<int64_t> LlquantizeBucketLowerBounds(int64_t factor, int64_t low, int64_t high,
                                                 int64_t nsteps);
int LlquantizeBucketCount(int64_t factor, int64_t low, int64_t high, int64_t nsteps);
int LlquantizeBucketIndex(int64_t value, int64_t factor, int64_t low, int64_t high, int64_t nsteps);

}  // namespace dt
