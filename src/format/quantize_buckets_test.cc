// The bucket schemes both sides of the ring compute: these are the
// reference the code generator's bucket arithmetic is held to.
#include "format/quantize_buckets.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace dt {
namespace {
TEST(Quantize, BucketIndexes) {
  EXPECT_EQ(QuantizeBucketIndex(0), 63);
  EXPECT_EQ(QuantizeBucketIndex(1), 64);
  EXPECT_EQ(QuantizeBucketIndex(2), 65);
  EXPECT_EQ(QuantizeBucketIndex(3), 65);
  EXPECT_EQ(QuantizeBucketIndex(4), 66);
  EXPECT_EQ(QuantizeBucketIndex(16384), 78);
  EXPECT_EQ(QuantizeBucketIndex(INT64_MAX), 126);
  EXPECT_EQ(QuantizeBucketIndex(-1), 62);
  EXPECT_EQ(QuantizeBucketIndex(-2), 61);
  EXPECT_EQ(QuantizeBucketIndex(-3), 61);
  EXPECT_EQ(QuantizeBucketIndex(-4), 60);
  EXPECT_EQ(QuantizeBucketIndex(INT64_MIN), 0);
  EXPECT_EQ(QuantizeBucketValue(62), -1);
  EXPECT_EQ(QuantizeBucketValue(64), 1);
  EXPECT_EQ(QuantizeBucketValue(126), int64_t{1} << 62);
  for (int b = 1; b < kQuantizeBuckets; b++) {
    EXPECT_EQ(QuantizeBucketIndex(QuantizeBucketValue(b)), b) << b;
  }
}

TEST(Quantize, LquantizeIndexes) {
  EXPECT_EQ(LquantizeLevels(0, 100, 10), 10);
  EXPECT_EQ(LquantizeBucketIndex(-1, 0, 100, 10), 0);
  EXPECT_EQ(LquantizeBucketIndex(0, 0, 100, 10), 1);
  EXPECT_EQ(LquantizeBucketIndex(9, 0, 100, 10), 1);
  EXPECT_EQ(LquantizeBucketIndex(10, 0, 100, 10), 2);
  EXPECT_EQ(LquantizeBucketIndex(99, 0, 100, 10), 10);
  EXPECT_EQ(LquantizeBucketIndex(100, 0, 100, 10), 11);
  EXPECT_EQ(LquantizeBucketIndex(1000000, 0, 100, 10), 11);
}

TEST(Quantize, LlquantizeBounds) {
  std::vector<int64_t> expected;
  for (int64_t v = 1; v < 10; v++) expected.push_back(v);
  for (int64_t v = 10; v < 100; v += 10) expected.push_back(v);
  for (int64_t v = 100; v < 1000; v += 100) expected.push_back(v);
  expected.push_back(1000);
  EXPECT_EQ(LlquantizeBucketLowerBounds(10, 0, 2, 10), expected);
  EXPECT_EQ(LlquantizeBucketCount(10, 0, 2, 10), 29);
  // Steps below 1 are 1: factor 10 with 20 steps per magnitude.
  std::vector<int64_t> b = LlquantizeBucketLowerBounds(10, 0, 1, 20);
  ASSERT_GE(b.size(), 11u);
  EXPECT_EQ(b[8], 9);
  EXPECT_EQ(b[9], 10);
  EXPECT_EQ(b[10], 15);
  EXPECT_EQ(b.back(), 100);
}

TEST(Quantize, LlquantizeIndexAgreesWithBounds) {
  const int64_t params[][4] = {{10, 0, 2, 10}, {10, 0, 6, 20}, {2, 0, 8, 4},
                               {10, 3, 5, 10}, {4, 1, 6, 16},  {10, 1, 2, 20}};
  for (const auto& p : params) {
    std::vector<int64_t> bounds = LlquantizeBucketLowerBounds(p[0], p[1], p[2], p[3]);
    ASSERT_FALSE(bounds.empty());
    for (int64_t v : {int64_t{-5}, int64_t{0}, int64_t{1}, int64_t{7}, int64_t{9}, int64_t{10},
                      int64_t{11}, int64_t{99}, int64_t{100}, int64_t{123}, int64_t{999},
                      int64_t{1000}, int64_t{4567}, int64_t{1000000}, int64_t{123456789}}) {
      int want = 0;
      for (size_t i = 0; i < bounds.size(); i++) {
        if (bounds[i] <= v) want = static_cast<int>(i) + 1;
      }
      EXPECT_EQ(LlquantizeBucketIndex(v, p[0], p[1], p[2], p[3]), want)
          << v << " factor " << p[0] << " low " << p[1] << " high " << p[2];
    }
  }
}

}  // namespace
}  // namespace dt
