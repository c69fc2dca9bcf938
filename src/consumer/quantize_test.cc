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
