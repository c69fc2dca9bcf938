// Decoding records and aggregation entries: which actions of a record ran,
// and how the per-CPU copies of an aggregation entry combine.
#include "consumer/record_decoder.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

namespace dt {
namespace {

TEST(ActionRan, UnconditionalActionsAlwaysRan) {
  ActionDesc a;
  std::vector<uint8_t> record(32, 0);
  EXPECT_TRUE(ActionRan(a, record.data()));
}

TEST(ActionRan, ConditionalActionsRanOnlyWhenTheirByteIsSet) {
  ActionDesc first, second;
  first.ran_flag = 16;
  second.ran_flag = 17;
  std::vector<uint8_t> record(32, 0xee);  // stale bytes everywhere else
  record[16] = 1;
  record[17] = 0;
  EXPECT_TRUE(ActionRan(first, record.data()));
  EXPECT_FALSE(ActionRan(second, record.data()));
}

std::vector<uint8_t> Words(const std::vector<int64_t>& words) {
  std::vector<uint8_t> bytes(words.size() * 8);
  memcpy(bytes.data(), words.data(), bytes.size());
  return bytes;
}

AggregationDef OneKeyAggregation(AggFunc func, uint32_t value_words) {
  AggregationDef def;
  def.desc.func = func;
  def.value_words = value_words;
  def.key_size = 8;
  FieldDesc key;
  key.size = 8;
  def.key_fields.push_back(key);
  return def;
}

TEST(DecodeAggregationEntry, DecodesTheKeyAndSumsCpusWrappingAsUnsigned) {
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  AggregationDef def = OneKeyAggregation(AggFunc::kSum, 1);
  std::vector<uint8_t> key = Words({-7});
  AggEntry e = DecodeAggregationEntry(key.data(), {Words({kMax}), Words({kMax}), Words({3})}, def);
  ASSERT_EQ(e.key.size(), 1u);
  EXPECT_EQ(e.key[0].AsSigned(), -7);
  ASSERT_EQ(e.data.size(), 1u);
  EXPECT_EQ(static_cast<uint64_t>(e.data[0]), static_cast<uint64_t>(kMax) * 2 + 3);
}

TEST(DecodeAggregationEntry, MaxKeepsTheLargestOfTheCpusThatHaveData) {
  AggregationDef def = OneKeyAggregation(AggFunc::kMax, 2);
  std::vector<uint8_t> key = Words({1});
  // [count, value]: the second CPU saw nothing, so its 99 is no value.
  AggEntry e =
      DecodeAggregationEntry(key.data(), {Words({2, 40}), Words({0, 99}), Words({1, 41})}, def);
  ASSERT_EQ(e.data.size(), 2u);
  EXPECT_EQ(e.data[0], 3);
  EXPECT_EQ(e.data[1], 41);
}

TEST(DecodeAggregationEntry, NoCpusLeaveZeroedData) {
  AggregationDef def = OneKeyAggregation(AggFunc::kAvg, 2);
  std::vector<uint8_t> key = Words({1});
  AggEntry e = DecodeAggregationEntry(key.data(), {}, def);
  EXPECT_EQ(e.data, (std::vector<int64_t>{0, 0}));
}

}  // namespace
}  // namespace dt
