#include "consumer/aggregation_printer.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "consumer/aggregation_sort.h"
#include "consumer/quantize.h"

namespace dt {
namespace {

AggDesc Desc(AggFunc f, int id = 1) {
  AggDesc d;
  d.func = f;
  d.id = id;
  return d;
}

AggEntry E(const std::string& key, std::vector<int64_t> data) {
  return AggEntry{{Value::Str(key)}, std::move(data)};
}

// "  key" padded to 50, then " %16lld".
std::string Line(const std::string& key, long long v) {
  char buf[128];
  std::snprintf(buf, sizeof(buf), "  %-50s %16lld\n", key.c_str(), v);
  return buf;
}

TEST(AggPrint, CountByStringSortedByValueThenKey) {
  std::vector<AggEntry> entries = {E("bash", {5}), E("awk", {5}), E("cat", {1})};
  EXPECT_EQ(PrintAggregation(Desc(AggFunc::kCount), entries, AggSortOptions{}),
            "\n" + Line("cat", 1) + Line("awk", 5) + Line("bash", 5));
  // The exact layout: two spaces, key left-justified in 50, value in 16.
  EXPECT_EQ(Line("cat", 1),
            "  cat                                                               1\n");
}

TEST(AggPrint, Unkeyed) {
  EXPECT_EQ(PrintAggregation(Desc(AggFunc::kCount), {AggEntry{{}, {42}}}, AggSortOptions{}),
            "\n               42\n");
  EXPECT_EQ(PrintAggregation(Desc(AggFunc::kSum), {AggEntry{{}, {-7}}}, AggSortOptions{}),
            "\n               -7\n");
  EXPECT_EQ(PrintAggregation(Desc(AggFunc::kMax), {AggEntry{{}, {3, 99}}}, AggSortOptions{}),
            "\n               99\n");
  EXPECT_EQ(PrintAggregation(Desc(AggFunc::kCount), {}, AggSortOptions{}), "\n");
}

TEST(AggPrint, IntegerKeyWidths) {
  std::vector<AggEntry> entries = {
      AggEntry{{Value::Int(7, 4), Value::Int(-1, 8), Value::Int(-1, 2), Value::Int(-1, 1)}, {1}}};
  EXPECT_EQ(PrintAggregation(Desc(AggFunc::kCount), entries, AggSortOptions{}),
            "\n"
            "        7"
            "               -1"
            " 65535"
            " 255"
            "                1\n");
}

TEST(AggPrint, AvgAndStddev) {
  EXPECT_EQ(PrintAggregation(Desc(AggFunc::kAvg), {AggEntry{{}, {3, 10}}}, AggSortOptions{}),
            "\n                3\n");
  EXPECT_EQ(PrintAggregation(Desc(AggFunc::kAvg), {AggEntry{{}, {2, -7}}}, AggSortOptions{}),
            "\n               -3\n");
  // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, standard deviation 2.
  EXPECT_EQ(
      PrintAggregation(Desc(AggFunc::kStddev), {AggEntry{{}, {8, 40, 232, 0}}}, AggSortOptions{}),
      "\n                2\n");
  // Sum of squares beyond 64 bits: values 2^33 and 2^33 + 2 (stddev 1).
  const int64_t a = int64_t{1} << 33;
  const unsigned __int128 sq =
      static_cast<unsigned __int128>(a) * a + static_cast<unsigned __int128>(a + 2) * (a + 2);
  EXPECT_EQ(
      PrintAggregation(Desc(AggFunc::kStddev),
                       {AggEntry{{},
                                 {2, 2 * a + 2, static_cast<int64_t>(static_cast<uint64_t>(sq)),
                                  static_cast<int64_t>(static_cast<uint64_t>(sq >> 64))}}},
                       AggSortOptions{}),
      "\n                1\n");
}

TEST(AggPrint, Normalized) {
  AggDesc d = Desc(AggFunc::kCount);
  d.normal = 4;
  EXPECT_EQ(PrintAggregation(d, {AggEntry{{}, {10}}}, AggSortOptions{}), "\n                2\n");
}

TEST(AggPrint, KeyedQuantize) {
  std::vector<int64_t> b(kQuantizeBuckets, 0);
  b[QuantizeBucketIndex(1)] = 1;
  const std::string expected =
      "\n  bash" + std::string(46, ' ') +
      "\n           value  ------------- Distribution ------------- count    \n"
      "               0 |                                         0        \n"
      "               1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
      "               2 |                                         0        \n"
      "\n";
  EXPECT_EQ(PrintAggregation(Desc(AggFunc::kQuantize), {E("bash", b)}, AggSortOptions{}), expected);
}

TEST(AggSort, Options) {
  std::vector<AggEntry> entries = {E("b", {1}), E("a", {3}), E("c", {2})};
  AggSortOptions opts;
  EXPECT_EQ(PrintAggregation(Desc(AggFunc::kCount), entries, opts),
            "\n" + Line("b", 1) + Line("c", 2) + Line("a", 3));
  opts.sort_key = true;
  EXPECT_EQ(PrintAggregation(Desc(AggFunc::kCount), entries, opts),
            "\n" + Line("a", 3) + Line("b", 1) + Line("c", 2));
  opts.sort_rev = true;
  EXPECT_EQ(PrintAggregation(Desc(AggFunc::kCount), entries, opts),
            "\n" + Line("c", 2) + Line("b", 1) + Line("a", 3));
  opts.sort_key = false;
  EXPECT_EQ(PrintAggregation(Desc(AggFunc::kCount), entries, opts),
            "\n" + Line("a", 3) + Line("c", 2) + Line("b", 1));
}

TEST(AggSort, KeyComparison) {
  // Integers compare as unsigned: -1 sorts after 1.
  EXPECT_LT(CompareAggKeys({Value::Int(1)}, {Value::Int(-1)}, 0), 0);
  // Strings compare bytewise, a prefix first.
  EXPECT_LT(CompareAggKeys({Value::Str("ab")}, {Value::Str("abc")}, 0), 0);
  EXPECT_GT(CompareAggKeys({Value::Str("b")}, {Value::Str("abc")}, 0), 0);
  // aggsortkeypos rotates the first compared component.
  std::vector<Value> x = {Value::Str("a"), Value::Int(2)};
  std::vector<Value> y = {Value::Str("b"), Value::Int(1)};
  EXPECT_LT(CompareAggKeys(x, y, 0), 0);
  EXPECT_GT(CompareAggKeys(x, y, 1), 0);
  EXPECT_LT(CompareAggKeys(x, y, 5), 0);  // out of range: position 0
}

TEST(AggSort, QuantizeSortsByWeightedSum) {
  AggDesc d = Desc(AggFunc::kQuantize);
  std::vector<int64_t> small(kQuantizeBuckets, 0), big(kQuantizeBuckets, 0);
  small[QuantizeBucketIndex(8)] = 10;  // weight 80
  big[QuantizeBucketIndex(1024)] = 1;  // weight 1024
  EXPECT_LT(CompareAggValues(d, small, big), 0);
  AggDesc l = Desc(AggFunc::kLquantize);
  l.lq_base = 0;
  l.lq_limit = 10;
  l.lq_step = 1;
  std::vector<int64_t> la(12, 0), lb(12, 0);
  la[LquantizeBucketIndex(5, 0, 10, 1)] = 1;
  lb[LquantizeBucketIndex(3, 0, 10, 1)] = 1;
  EXPECT_GT(CompareAggValues(l, la, lb), 0);
}

TEST(Printa, FormatWithSeveralAggregations) {
  AggSnapshot counts{Desc(AggFunc::kCount, 1), {E("read", {10}), E("write", {3})}};
  AggSnapshot bytes{Desc(AggFunc::kSum, 2), {E("write", {300}), E("open", {0})}};
  AggPrintOptions opts;
  PrintfFormat f = ParsePrintfFormat("%-8s %@4d %@6d\n");
  // Keys from either aggregation; missing values are 0; sorted by the first.
  EXPECT_EQ(Printa(f, {counts, bytes}, opts),
            "open        0      0\n"
            "write       3    300\n"
            "read       10      0\n");
  // aggsortpos=1 sorts by the second aggregation; columns stay in order.
  opts.sort.sort_pos = 1;
  EXPECT_EQ(Printa(f, {counts, bytes}, opts),
            "open        0      0\n"
            "read       10      0\n"
            "write       3    300\n");
}

TEST(Printa, DefaultFormatWithSeveralAggregations) {
  AggSnapshot counts{Desc(AggFunc::kCount, 1), {E("read", {10}), E("write", {3})}};
  AggSnapshot bytes{Desc(AggFunc::kSum, 2), {E("write", {300})}};
  char buf[256];
  std::snprintf(buf, sizeof(buf), "  %-50s %16d %16d\n  %-50s %16d %16d\n", "write", 3, 300, "read",
                10, 0);
  EXPECT_EQ(PrintaDefault({counts, bytes}, AggPrintOptions{}), "\n" + std::string(buf));
}

TEST(Printa, FormatPicksKeysAndTables) {
  AggSnapshot counts{Desc(AggFunc::kCount, 1),
                     {AggEntry{{Value::Str("x"), Value::Int(5, 4)}, {2}}}};
  // Keys are consumed in order; unused keys are fine.
  EXPECT_EQ(Printa(ParsePrintfFormat("%s=%@u\n"), {counts}, AggPrintOptions{}), "x=2\n");
  EXPECT_EQ(Printa(ParsePrintfFormat("%s %d %@x\n"), {counts}, AggPrintOptions{}), "x 5 2\n");
  std::vector<int64_t> b(kQuantizeBuckets, 0);
  b[QuantizeBucketIndex(1)] = 1;
  AggSnapshot q{Desc(AggFunc::kQuantize, 2), {AggEntry{{}, b}}};
  EXPECT_EQ(Printa(ParsePrintfFormat("dist:%@d\n"), {q}, AggPrintOptions{}),
            "dist:" + FormatQuantize(b) + "\n");
  // printa()'s average divides unsigned, like libdtrace.
  AggSnapshot avg{Desc(AggFunc::kAvg, 3), {AggEntry{{}, {2, 10}}}};
  EXPECT_EQ(Printa(ParsePrintfFormat("%@d\n"), {avg}, AggPrintOptions{}), "5\n");
}

TEST(AggPrint, ExitTimeOrderAndNoBlankLines) {
  AggSnapshot second{Desc(AggFunc::kSum, 2), {AggEntry{{}, {5}}}};
  AggSnapshot first{Desc(AggFunc::kCount, 1), {AggEntry{{}, {1}}}};
  AggSnapshot empty{Desc(AggFunc::kCount, 3), {}};
  AggPrintOptions opts;
  EXPECT_EQ(PrintAllAggregations({second, first, empty}, opts),
            "                1\n                5\n");
  opts.sort.sort_rev = true;
  EXPECT_EQ(PrintAllAggregations({second, first, empty}, opts),
            "                5\n                1\n");
}

}  // namespace
}  // namespace dt
