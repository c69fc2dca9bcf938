// Reading aggregation maps: how the per-CPU copies of an entry combine, in
// a real per-CPU map, since that is where the words come from.
#include "cli/aggregation_reader.h"

#include <gtest/gtest.h>
#include <linux/bpf.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "runtime/test_insns.h"

namespace dt {
namespace {

// An aggregation map with `words` int64 words per CPU and one key (0),
// each possible CPU holding `per_cpu`.
struct PerCpuAggregation {
  runtime::Map map;
  AggregationDef def;
};

PerCpuAggregation MakeAggregation(AggFunc func, const std::vector<int64_t>& per_cpu) {
  PerCpuAggregation a;
  a.def.desc.func = func;
  a.def.value_words = static_cast<uint32_t>(per_cpu.size());
  a.def.key_size = 8;
  FieldDesc key;
  key.size = 8;
  a.def.key_fields.push_back(key);
  a.map = runtime::CreateMap(
      {"test_agg", BPF_MAP_TYPE_PERCPU_HASH, 8, static_cast<uint32_t>(per_cpu.size() * 8), 4, 0});
  std::vector<uint8_t> values(a.map.PerCpuBufferSize(), 0);
  for (size_t cpu = 0; cpu < values.size() / a.map.PerCpuStride(); ++cpu)
    memcpy(values.data() + cpu * a.map.PerCpuStride(), per_cpu.data(), per_cpu.size() * 8);
  uint64_t key_value = 0;
  a.map.Update(&key_value, values.data());
  return a;
}

size_t PossibleCpus(const runtime::Map& map) { return map.PerCpuBufferSize() / map.PerCpuStride(); }

TEST(ReadAggregation, SumsOverflowingAcrossCpusWrapAsUnsigned) {
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  DT_REQUIRE_ROOT();  // a real per-CPU map
  PerCpuAggregation a = MakeAggregation(AggFunc::kSum, {kMax});
  size_t cpus = PossibleCpus(a.map);
  if (cpus < 2) GTEST_SKIP() << "needs two possible CPUs";
  std::vector<AggEntry> entries = ReadAggregation(a.map, a.def);
  ASSERT_EQ(entries.size(), 1u);
  // cpus * INT64_MAX modulo 2^64.
  uint64_t expected = static_cast<uint64_t>(kMax) * cpus;
  EXPECT_EQ(static_cast<uint64_t>(entries[0].data[0]), expected);
}

TEST(ReadAggregation, CountsAndStddevWordsWrapToo) {
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  DT_REQUIRE_ROOT();  // a real per-CPU map
  PerCpuAggregation a = MakeAggregation(AggFunc::kStddev, {kMax, kMax, -1, kMax});
  size_t cpus = PossibleCpus(a.map);
  if (cpus < 2) GTEST_SKIP() << "needs two possible CPUs";
  std::vector<AggEntry> entries = ReadAggregation(a.map, a.def);
  ASSERT_EQ(entries.size(), 1u);
  uint64_t n = cpus;
  EXPECT_EQ(static_cast<uint64_t>(entries[0].data[0]), static_cast<uint64_t>(kMax) * n);
  EXPECT_EQ(static_cast<uint64_t>(entries[0].data[1]), static_cast<uint64_t>(kMax) * n);
  // The low words carry into the high word once per added CPU.
  EXPECT_EQ(static_cast<uint64_t>(entries[0].data[2]), 0 - n);
  EXPECT_EQ(static_cast<uint64_t>(entries[0].data[3]), static_cast<uint64_t>(kMax) * n + (n - 1));
}

TEST(ReadAggregation, MinKeepsTheSmallestValueAndWrapsTheCount) {
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  DT_REQUIRE_ROOT();  // a real per-CPU map
  PerCpuAggregation a = MakeAggregation(AggFunc::kMin, {kMax, std::numeric_limits<int64_t>::min()});
  size_t cpus = PossibleCpus(a.map);
  if (cpus < 2) GTEST_SKIP() << "needs two possible CPUs";
  std::vector<AggEntry> entries = ReadAggregation(a.map, a.def);
  ASSERT_EQ(entries.size(), 1u);
  EXPECT_EQ(static_cast<uint64_t>(entries[0].data[0]), static_cast<uint64_t>(kMax) * cpus);
  EXPECT_EQ(entries[0].data[1], std::numeric_limits<int64_t>::min());
}

}  // namespace
}  // namespace dt
