#include "consumer/quantize.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace dt {
namespace {

std::string Row(const std::string& label, int ats, long long count) {
  char buf[128];
  std::snprintf(buf, sizeof(buf), "%16s |%s%s %-9lld\n", label.c_str(),
                std::string(ats, '@').c_str(), std::string(40 - ats, ' ').c_str(), count);
  return buf;
}

const char kHeader[] = "\n           value  ------------- Distribution ------------- count    \n";

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

// The wrquantize.d example of the Dynamic Tracing Guide ("bash": four writes
// in [16384, 32768) and one in [131072, 262144)).
TEST(Quantize, GuideSample) {
  std::vector<int64_t> b(kQuantizeBuckets, 0);
  b[QuantizeBucketIndex(20000)] = 4;
  b[QuantizeBucketIndex(140000)] = 1;
  const std::string expected =
      std::string(kHeader) +
      "            8192 |                                         0        \n"
      "           16384 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@         4        \n"
      "           32768 |                                         0        \n"
      "           65536 |                                         0        \n"
      "          131072 |@@@@@@@@                                 1        \n"
      "          262144 |                                         0        \n";
  EXPECT_EQ(FormatQuantize(b), expected);
}

TEST(Quantize, EmptyShowsBucketsAroundZero) {
  std::vector<int64_t> b(kQuantizeBuckets, 0);
  EXPECT_EQ(FormatQuantize(b),
            std::string(kHeader) + Row("-1", 0, 0) + Row("0", 0, 0) + Row("1", 0, 0));
  EXPECT_EQ(FormatQuantize(std::vector<int64_t>(3, 0)), "");
}

TEST(Quantize, ZeroValueRowsAndEdges) {
  std::vector<int64_t> b(kQuantizeBuckets, 0);
  b[QuantizeBucketIndex(0)] = 1;
  EXPECT_EQ(FormatQuantize(b),
            std::string(kHeader) + Row("-1", 0, 0) + Row("0", 40, 1) + Row("1", 0, 0));
  std::vector<int64_t> top(kQuantizeBuckets, 0);
  top[126] = 3;
  EXPECT_EQ(FormatQuantize(top), std::string(kHeader) + Row("2305843009213693952", 0, 0) +
                                     Row("4611686018427387904", 40, 3));
}

TEST(Quantize, RoundsBarsToNearest) {
  std::vector<int64_t> b(kQuantizeBuckets, 0);
  b[QuantizeBucketIndex(1)] = 1;
  b[QuantizeBucketIndex(2)] = 2;
  // 1/3 of 40 = 13.3 -> 13; 2/3 of 40 = 26.7 -> 27.
  EXPECT_EQ(FormatQuantize(b), std::string(kHeader) + Row("0", 0, 0) + Row("1", 13, 1) +
                                   Row("2", 27, 2) + Row("4", 0, 0));
}

// The lquantize() example of the Guide: nine writes to fd 26.
TEST(Quantize, LquantizeGuideSample) {
  std::vector<int64_t> b(102, 0);
  b[LquantizeBucketIndex(26, 0, 100, 1)] = 9;
  EXPECT_EQ(FormatLquantize(b, 0, 100, 1),
            std::string(kHeader) +
                "              25 |                                         0        \n"
                "              26 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 9        \n"
                "              27 |                                         0        \n");
}

TEST(Quantize, LquantizeEdgeLabels) {
  std::vector<int64_t> b(12, 0);
  b[0] = 1;
  b[11] = 1;
  std::string out = FormatLquantize(b, 0, 100, 10);
  EXPECT_NE(out.find("             < 0 |@@@@@@@@@@@@@@@@@@@@"), std::string::npos) << out;
  EXPECT_NE(out.find("          >= 100 |@@@@@@@@@@@@@@@@@@@@"), std::string::npos) << out;
  std::vector<int64_t> empty(12, 0);
  EXPECT_EQ(FormatLquantize(empty, 0, 100, 10),
            std::string(kHeader) + Row("< 0", 0, 0) + Row("0", 0, 0) + Row("10", 0, 0));
}

// Negative weights draw the bar to the left (tst.llquantnegorder of the
// DTrace test suite).
TEST(Quantize, LlquantizeNegative) {
  std::vector<int64_t> b(LlquantizeBucketCount(2, 0, 4, 2), 0);
  b[LlquantizeBucketIndex(1, 2, 0, 4, 2)] = -12;
  EXPECT_EQ(FormatLlquantize(b, 2, 0, 4, 2),
            std::string(kHeader) +
                "             < 1                                         | 0        \n"
                "               1 @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@| -12      \n"
                "               2                                         | 0        \n");
}

TEST(Quantize, MixedSignsUseHalfBars) {
  std::vector<int64_t> b(kQuantizeBuckets, 0);
  b[QuantizeBucketIndex(1)] = 2;
  b[QuantizeBucketIndex(2)] = -2;
  std::string out = FormatQuantize(b);
  EXPECT_NE(out.find("               1                     |@@@@@@@@@@           2        \n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("               2           @@@@@@@@@@|                     -2       \n"),
            std::string::npos)
      << out;
}

TEST(Quantize, LlquantizeLabels) {
  std::vector<int64_t> b(LlquantizeBucketCount(10, 0, 2, 10), 0);
  b.front() = 1;
  b.back() = 1;
  std::string out = FormatLlquantize(b, 10, 0, 2, 10);
  EXPECT_EQ(out.substr(0, sizeof(kHeader) - 1), kHeader);
  EXPECT_NE(out.find(Row("< 1", 20, 1)), std::string::npos) << out;
  EXPECT_NE(out.find(Row(">= 1000", 20, 1)), std::string::npos) << out;
  EXPECT_NE(out.find(Row("900", 0, 0)), std::string::npos) << out;
  // Everything between the first and last non-zero bucket is shown.
  EXPECT_NE(out.find(Row("10", 0, 0) + Row("20", 0, 0)), std::string::npos) << out;
  std::vector<int64_t> mid(b.size(), 0);
  mid[LlquantizeBucketIndex(350, 10, 0, 2, 10)] = 5;
  EXPECT_EQ(FormatLlquantize(mid, 10, 0, 2, 10),
            std::string(kHeader) + Row("200", 0, 0) + Row("300", 40, 5) + Row("400", 0, 0));
}

}  // namespace
}  // namespace dt
