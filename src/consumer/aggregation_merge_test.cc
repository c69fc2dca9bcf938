#include "consumer/aggregation_merge.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "consumer/fake_kernel_lookup_test_util.h"
#include "consumer/quantize.h"
#include "consumer/stack_value.h"

namespace dt {
namespace {

using testing::FakeKernelLookup;
using testing::kDoSyscall;
using testing::kEntry;
using testing::kExt4Base;
using testing::kExt4Write;
using testing::kKsysWrite;
using testing::kVmlinuxBase;

AggDesc Desc(AggFunc f) {
  AggDesc d;
  d.func = f;
  return d;
}

std::vector<int64_t> Combined(AggFunc f, std::vector<int64_t> a, const std::vector<int64_t>& b) {
  CombineAggData(Desc(f), a, b);
  return a;
}

TEST(CombineAggData, AddsCountsSumsAndAverages) {
  EXPECT_EQ(Combined(AggFunc::kCount, {3}, {4}), (std::vector<int64_t>{7}));
  EXPECT_EQ(Combined(AggFunc::kSum, {-3}, {10}), (std::vector<int64_t>{7}));
  EXPECT_EQ(Combined(AggFunc::kAvg, {2, 10}, {1, 5}), (std::vector<int64_t>{3, 15}));
}

TEST(CombineAggData, MinAndMaxIgnoreEntriesWithoutData) {
  EXPECT_EQ(Combined(AggFunc::kMin, {2, 5}, {1, -3}), (std::vector<int64_t>{3, -3}));
  EXPECT_EQ(Combined(AggFunc::kMin, {2, 5}, {1, 9}), (std::vector<int64_t>{3, 5}));
  EXPECT_EQ(Combined(AggFunc::kMax, {2, 5}, {1, 9}), (std::vector<int64_t>{3, 9}));
  EXPECT_EQ(Combined(AggFunc::kMax, {2, 5}, {0, 99}), (std::vector<int64_t>{2, 5}));
  // The total had no data yet: the other's value wins even if "worse".
  EXPECT_EQ(Combined(AggFunc::kMax, {0, 0}, {1, -4}), (std::vector<int64_t>{1, -4}));
}

TEST(CombineAggData, StddevCarriesIntoTheHighWordOfTheSumOfSquares) {
  const int64_t all_ones = -1;  // low word 0xffff...
  EXPECT_EQ(Combined(AggFunc::kStddev, {1, 2, all_ones, 0}, {1, 3, 2, 1}),
            (std::vector<int64_t>{2, 5, 1, 2}));
}

TEST(CombineAggData, QuantizeBucketsAdd) {
  std::vector<int64_t> a(kQuantizeBuckets, 0), b(kQuantizeBuckets, 0);
  a[kQuantizeZeroBucket] = 2;
  b[kQuantizeZeroBucket] = 1;
  b[kQuantizeZeroBucket + 3] = 7;
  std::vector<int64_t> sum = Combined(AggFunc::kQuantize, a, b);
  EXPECT_EQ(sum[kQuantizeZeroBucket], 3);
  EXPECT_EQ(sum[kQuantizeZeroBucket + 3], 7);
  EXPECT_EQ(sum.size(), static_cast<size_t>(kQuantizeBuckets));
}

TEST(MergeSymbolKeys, SymKeysMergePerFunctionKeepingFirstPlace) {
  std::vector<AggEntry> entries = {
      AggEntry{{Value::Symbol(kKsysWrite + 4)}, {1}},
      AggEntry{{Value::Symbol(kDoSyscall + 0x3a)}, {2}},
      AggEntry{{Value::Symbol(kDoSyscall + 0x10)}, {3}},
      AggEntry{{Value::Symbol(0x1234)}, {4}},
      AggEntry{{Value::Symbol(kDoSyscall)}, {5}},
  };
  MergeSymbolKeys(Desc(AggFunc::kCount), entries, FakeKernelLookup);
  ASSERT_EQ(entries.size(), 3u);
  EXPECT_EQ(entries[0].key[0].bits, kKsysWrite);
  EXPECT_EQ(entries[0].data, (std::vector<int64_t>{1}));
  EXPECT_EQ(entries[1].key[0].bits, kDoSyscall);
  EXPECT_TRUE(entries[1].key[0].IsSymbol());
  EXPECT_EQ(entries[1].data, (std::vector<int64_t>{10}));
  EXPECT_EQ(entries[2].key[0].bits, 0x1234u);  // unknown: kept as is
  // Idempotent.
  std::vector<AggEntry> again = entries;
  MergeSymbolKeys(Desc(AggFunc::kCount), again, FakeKernelLookup);
  ASSERT_EQ(again.size(), 3u);
  EXPECT_EQ(again[1].data, (std::vector<int64_t>{10}));
}

TEST(MergeSymbolKeys, ModKeysMergePerModuleWithinCompositeKeys) {
  AggSnapshot snap;
  snap.desc = Desc(AggFunc::kMax);
  snap.entries = {
      AggEntry{{Value::Str("bash"), Value::Module(kDoSyscall)}, {1, 10}},
      AggEntry{{Value::Str("bash"), Value::Module(kExt4Write)}, {1, 20}},
      AggEntry{{Value::Str("bash"), Value::Module(kEntry + 8)}, {2, 30}},
      AggEntry{{Value::Str("sh"), Value::Module(kEntry)}, {1, 40}},
      AggEntry{{Value::Str("bash"), Value::Module(kExt4Base + 0x99)}, {1, 5}},
  };
  MergeSymbolKeys(snap, FakeKernelLookup);
  ASSERT_EQ(snap.entries.size(), 3u);
  EXPECT_EQ(snap.entries[0].key[1].bits, kVmlinuxBase);
  EXPECT_EQ(snap.entries[0].data, (std::vector<int64_t>{3, 30}));
  EXPECT_EQ(snap.entries[1].key[1].bits, kExt4Base);
  EXPECT_EQ(snap.entries[1].data, (std::vector<int64_t>{2, 20}));
  EXPECT_EQ(snap.entries[2].key[0].str, "sh");
}

TEST(MergeSymbolKeys, EqualStacksMergeToo) {
  std::vector<AggEntry> entries = {
      AggEntry{{Value::Stack({kDoSyscall, kEntry}, 4)}, {1}},
      AggEntry{{Value::Stack({kDoSyscall}, 4)}, {2}},
      AggEntry{{Value::Stack({kDoSyscall, kEntry, 0, 0}, 4)}, {3}},
  };
  MergeSymbolKeys(Desc(AggFunc::kSum), entries, FakeKernelLookup);
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].data, (std::vector<int64_t>{4}));
  EXPECT_EQ(entries[1].data, (std::vector<int64_t>{2}));
}

std::string Record(const std::vector<uint64_t>& pcs) {
  std::string bytes;
  for (uint64_t pc : pcs) {
    for (int i = 0; i < 8; ++i) bytes.push_back(static_cast<char>((pc >> (8 * i)) & 0xff));
  }
  return bytes;
}

TEST(StackValueFromRecord, DecodesAndOptionallyDropsTracingFrames) {
  constexpr uint64_t kProg = 0xffffffffa0000000;
  auto lookup = [&](uint64_t a) -> std::optional<KernelSymbolInfo> {
    if (a == kProg) return KernelSymbolInfo{"bpf", "bpf_prog_1_x", 0, kProg};
    return FakeKernelLookup(a);
  };
  const std::string rec = Record({kProg, kKsysWrite + 1, kDoSyscall + 2, kEntry, 0, 0});
  Value raw = StackValueFromRecord(rec, 4, lookup, false);
  EXPECT_TRUE(raw.IsStack());
  EXPECT_EQ(raw.stack_depth, 4);
  EXPECT_EQ(raw.frames, (std::vector<uint64_t>{kProg, kKsysWrite + 1, kDoSyscall + 2, kEntry}));
  Value trimmed = StackValueFromRecord(rec, 2, lookup, true);
  EXPECT_EQ(trimmed.stack_depth, 2);
  EXPECT_EQ(trimmed.frames, (std::vector<uint64_t>{kKsysWrite + 1, kDoSyscall + 2}));
  // Depth unknown: the record's word count.
  EXPECT_EQ(StackValueFromRecord(rec, 0, lookup, false).stack_depth, 6);
}

TEST(ValueStack, DropsZeroFillAndFramesBeyondDepth) {
  Value v = Value::Stack({1, 2, 0, 3}, 8);
  EXPECT_EQ(v.frames, (std::vector<uint64_t>{1, 2}));
  EXPECT_EQ(v.size, 64);
  EXPECT_EQ(Value::Stack({1, 2, 3}, 2).frames, (std::vector<uint64_t>{1, 2}));
  EXPECT_EQ(Value::Stack({1, 2, 3}, 0).stack_depth, 3);
  EXPECT_TRUE(Value::Symbol(5).IsSymbol());
  EXPECT_EQ(Value::Module(5).AsUnsigned(), 5u);
}

}  // namespace
}  // namespace dt
