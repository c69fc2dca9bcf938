#include "runtime/bpf_map.h"

#include <gtest/gtest.h>

#include <cstring>

#include "common/diagnostic.h"
#include "runtime/kernel_info.h"
#include "runtime/test_insns.h"

namespace dt::runtime {
namespace {

TEST(BpfMapTest, HashMapUpdateLookupDeleteIterate) {
  DT_REQUIRE_ROOT();
  Map map = CreateMap({"test_hash", BPF_MAP_TYPE_HASH, 4, 8, 16});
  ASSERT_TRUE(map.valid());
  EXPECT_FALSE(map.IsPerCpu());
  uint32_t key = 7;
  uint64_t value = 0;
  EXPECT_FALSE(map.Lookup(&key, &value));
  uint64_t stored = 0x1122334455667788ull;
  map.Update(&key, &stored);
  ASSERT_TRUE(map.Lookup(&key, &value));
  EXPECT_EQ(value, stored);
  EXPECT_THROW(map.Update(&key, &stored, BPF_NOEXIST), RuntimeError);

  uint32_t other = 9;
  map.Update(&other, &stored);
  auto keys = map.Keys();
  ASSERT_EQ(keys.size(), 2u);
  uint32_t first = 0, second = 0;
  std::memcpy(&first, keys[0].data(), 4);
  std::memcpy(&second, keys[1].data(), 4);
  EXPECT_EQ(first + second, 16u);

  EXPECT_TRUE(map.Delete(&key));
  EXPECT_FALSE(map.Delete(&key));
  EXPECT_FALSE(map.Lookup(&key, &value));
  EXPECT_EQ(map.Keys().size(), 1u);
}

TEST(BpfMapTest, ArrayMapHasEveryKey) {
  DT_REQUIRE_ROOT();
  Map map = CreateMap({"test_array", BPF_MAP_TYPE_ARRAY, 4, 16, 4});
  uint32_t key = 3;
  uint8_t value[16];
  ASSERT_TRUE(map.Lookup(&key, value));
  EXPECT_EQ(value[0], 0);
  key = 4;  // out of range
  EXPECT_FALSE(map.Lookup(&key, value));
  EXPECT_EQ(map.Keys().size(), 4u);
}

TEST(BpfMapTest, PerCpuMapsGiveOneValuePerCpu) {
  DT_REQUIRE_ROOT();
  for (uint32_t type : {BPF_MAP_TYPE_PERCPU_HASH, BPF_MAP_TYPE_PERCPU_ARRAY}) {
    SCOPED_TRACE(MapTypeName(type));
    // value_size 12 exercises the round-up to an 8-byte per-CPU slot.
    Map map = CreateMap({"test_percpu", type, 4, 12, 8});
    ASSERT_TRUE(map.IsPerCpu());
    EXPECT_EQ(map.PerCpuStride(), 16u);
    int cpus = NumPossibleCpus();
    std::vector<uint8_t> buffer(map.PerCpuBufferSize());
    ASSERT_EQ(buffer.size(), 16u * cpus);
    for (int cpu = 0; cpu < cpus; ++cpu) {
      buffer[cpu * 16] = static_cast<uint8_t>(cpu + 1);
      buffer[cpu * 16 + 11] = 0xAB;
    }
    uint32_t key = 2;
    map.Update(&key, buffer.data());
    std::vector<std::vector<uint8_t>> values;
    ASSERT_TRUE(map.LookupPerCpu(&key, &values));
    ASSERT_EQ(values.size(), static_cast<size_t>(cpus));
    for (int cpu = 0; cpu < cpus; ++cpu) {
      ASSERT_EQ(values[cpu].size(), 12u);
      EXPECT_EQ(values[cpu][0], cpu + 1);
      EXPECT_EQ(values[cpu][11], 0xAB);
    }
  }
}

TEST(BpfMapTest, RingBufferMapIsCreated) {
  DT_REQUIRE_ROOT();
  Map map =
      CreateMap({"test_ring", BPF_MAP_TYPE_RINGBUF, 0, 0, static_cast<uint32_t>(PageSize() * 4)});
  EXPECT_TRUE(map.valid());
}

TEST(BpfMapTest, CreationErrorNamesTheMap) {
  DT_REQUIRE_ROOT();
  try {
    CreateMap({"bad:ring", BPF_MAP_TYPE_RINGBUF, 0, 0, 12345});  // not a power of 2
    FAIL() << "expected RuntimeError";
  } catch (const RuntimeError& e) {
    EXPECT_STREQ(e.what(), "cannot create BPF map 'bad:ring' (ringbuf): Invalid argument");
  }
}

}  // namespace
}  // namespace dt::runtime
