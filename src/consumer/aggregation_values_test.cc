// avg() and stddev() results, including values whose magnitude does not fit
// int64 (INT64_MIN) and counts that wrapped.
#include "consumer/aggregation_values.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

namespace dt {
namespace {

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();

// [count, sum, sumsq_lo, sumsq_hi] of the given values, as the kernel
// accumulates them (the square of |x| as 128 bits).
std::vector<int64_t> StddevData(const std::vector<int64_t>& values) {
  unsigned __int128 sumsq = 0;
  uint64_t sum = 0;
  for (int64_t v : values) {
    uint64_t magnitude = v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
    sumsq += static_cast<unsigned __int128>(magnitude) * magnitude;
    sum += static_cast<uint64_t>(v);
  }
  return {static_cast<int64_t>(values.size()), static_cast<int64_t>(sum),
          static_cast<int64_t>(static_cast<uint64_t>(sumsq)),
          static_cast<int64_t>(static_cast<uint64_t>(sumsq >> 64))};
}

TEST(AggStddev, SmallValues) {
  EXPECT_EQ(AggStddev(StddevData({2, 4, 4, 4, 5, 5, 7, 9}), 1), 2u);
  EXPECT_EQ(AggStddev(StddevData({-3, 3}), 1), 3u);
  EXPECT_EQ(AggStddev({0, 0, 0, 0}, 1), 0u);
}

TEST(AggStddev, OfInt64MinIsZero) {
  // The average's magnitude is 2^63: it used to be negated as an int64.
  EXPECT_EQ(AggStddev(StddevData({kMin}), 1), 0u);
  // Twice INT64_MIN: the 64-bit sum wraps to 0, as in DTrace, so the
  // average reads 0 and the result is sqrt(E[x^2]) = 2^63.
  EXPECT_EQ(AggStddev(StddevData({kMin, kMin}), 1), uint64_t{1} << 63);
}

TEST(AggStddev, NormalizedInt64Min) {
  // normalize(@, 2): E[x^2] / 4 - (E[x] / 2)^2 with E[x] = INT64_MIN.
  EXPECT_EQ(AggStddev(StddevData({kMin}), 2), 0u);
}

TEST(AggAvg, Int64MinDividedByMinusOneWraps) {
  EXPECT_EQ(AggAvg({-1, kMin}, 1), kMin);
  EXPECT_EQ(AggAvg({2, -7}, 1), -3);
  EXPECT_EQ(AggAvg({0, 5}, 1), 0);
}

}  // namespace
}  // namespace dt
