#include "format/quantize_buckets.h"

#include <cstdint>
#include <vector>

namespace dt {
namespace {

int64_t SaturatingMul(int64_t a, int64_t b) {
  __int128 r = static_cast<__int128>(a) * b;
  return r > INT64_MAX ? INT64_MAX : static_cast<int64_t>(r);
}

}  // namespace

int64_t QuantizeBucketValue(int bucket) {
  if (bucket < kQuantizeZeroBucket) return -(int64_t{1} << (kQuantizeZeroBucket - 1 - bucket));
  if (bucket == kQuantizeZeroBucket) return 0;
  return int64_t{1} << (bucket - kQuantizeZeroBucket - 1);
}

int QuantizeBucketIndex(int64_t value) {
  if (value < 0) {
    for (int i = 0; i < kQuantizeZeroBucket; i++) {
      if (value <= QuantizeBucketValue(i)) return i;
    }
    return kQuantizeZeroBucket - 1;
  }
  for (int i = kQuantizeBuckets - 1; i > kQuantizeZeroBucket; i--) {
    if (value >= QuantizeBucketValue(i)) return i;
  }
  return kQuantizeZeroBucket;
}

int64_t LquantizeLevels(int64_t base, int64_t limit, int64_t step) {
  if (step <= 0 || limit <= base) return 0;
  return (limit - base) / step;
}

int LquantizeBucketIndex(int64_t value, int64_t base, int64_t limit, int64_t step) {
  const int64_t levels = LquantizeLevels(base, limit, step);
  if (value < base) return 0;
  const int64_t level = (value - base) / step;
  if (level < levels) return static_cast<int>(level + 1);
  return static_cast<int>(levels + 1);
}

std::vector<int64_t> LlquantizeBucketLowerBounds(int64_t factor, int64_t low, int64_t high,
                                                 int64_t nsteps) {
  std::vector<int64_t> bounds;
  if (factor < 2 || low < 0 || high < low || nsteps <= 0) return bounds;
  int64_t value = 1;
  int64_t order = 0;
  for (; order < low; order++) value = SaturatingMul(value, factor);
  int64_t next = SaturatingMul(value, factor);
  int64_t step = next > nsteps ? next / nsteps : 1;
  while (order <= high && value < next) {
    bounds.push_back(value);
    value += step;
    if (value < next) continue;
    value = next;  // stays exact for valid parameters; guards odd ones
    next = SaturatingMul(value, factor);
    step = next > nsteps ? next / nsteps : 1;
    order++;
  }
  bounds.push_back(value);
  return bounds;
}

int LlquantizeBucketCount(int64_t factor, int64_t low, int64_t high, int64_t nsteps) {
  return static_cast<int>(LlquantizeBucketLowerBounds(factor, low, high, nsteps).size()) + 1;
}

// Mirrors the kernel's arithmetic (offset within the order of magnitude
// divided by the bucket width) rather than searching the bounds, so that
// tests comparing the two check something.
int LlquantizeBucketIndex(int64_t value, int64_t factor, int64_t low, int64_t high,
                          int64_t nsteps) {
  if (factor < 2 || low < 0 || high < low || nsteps <= 0) return 0;
  int64_t cur = 1;
  int64_t order = 0;
  for (; order < low; order++) cur = SaturatingMul(cur, factor);
  if (value < cur) return 0;
  int64_t last = cur;
  int base = 1;
  for (cur = SaturatingMul(cur, factor); order <= high; order++) {
    const int64_t nbuckets = cur > nsteps ? nsteps : cur;
    const int64_t width = cur / nbuckets;
    if (value < cur) return base + static_cast<int>((value - last) / width);
    base += static_cast<int>((cur - last) / width);
    last = cur;
    cur = SaturatingMul(cur, factor);
  }
  return base;
}

}  // namespace dt
