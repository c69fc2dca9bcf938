#include "codegen/late_probe_table.h"

#include <gtest/gtest.h>

#include <cstring>

#include "sema/program_info.h"

namespace dt {
namespace {

uint32_t WordAt(const std::vector<uint8_t>& v, uint32_t off) {
  uint32_t w = 0;
  std::memcpy(&w, v.data() + off, 4);
  return w;
}

TEST(LateProbeTable, CapacityLeavesRoomUpToTheBound) {
  EXPECT_EQ(LateProbeCapacity(1), 1 + kLateProbeSpare);
  EXPECT_EQ(LateProbeCapacity(kLateProbeMaxCapacity - 10), kLateProbeMaxCapacity);
  // A program that starts with more keeps them all, with no room to spare.
  EXPECT_EQ(LateProbeCapacity(kLateProbeMaxCapacity + 5), kLateProbeMaxCapacity + 5);
}

TEST(LateProbeTable, RegionsAreAlignedAndSizedByCapacity) {
  LateProbeTable t;
  t.capacity = 3;
  EXPECT_EQ(ReserveLateRegion(t, 4), 0u);
  EXPECT_EQ(t.value_size, 12u);
  EXPECT_EQ(ReserveLateRegion(t, 4), 16u);  // 8-aligned
  EXPECT_EQ(ReserveLateRegion(t, kProbeStringSize), 32u);
  EXPECT_EQ(t.value_size, 32u + 3 * kProbeStringSize);
}

TEST(LateProbeTable, EntryHoldsIdEpidsAndNames) {
  LateProbeTable t;
  t.capacity = 4;
  t.ids = ReserveLateRegion(t, 4);
  t.epids[0] = ReserveLateRegion(t, 4);
  t.epids[2] = ReserveLateRegion(t, 4);
  t.strings[1] = ReserveLateRegion(t, kProbeStringSize);
  std::vector<uint8_t> value(t.value_size, 0xff);
  Probe p;
  p.id = 77;
  p.module = "libdltest.so";
  p.function = "dl_work";
  p.name = "entry";
  WriteLateEntry(t, value, 2, p, {{2, 9}});
  EXPECT_EQ(WordAt(value, t.ids + 8), 77u);
  EXPECT_EQ(WordAt(value, t.epids[0] + 8), 0u);  // clause 0 does not enable it
  EXPECT_EQ(WordAt(value, t.epids[2] + 8), 9u);
  const char* name =
      reinterpret_cast<const char*>(value.data() + t.strings[1] + 2 * kProbeStringSize);
  EXPECT_STREQ(name, "dl_work");
  // Other entries are untouched.
  EXPECT_EQ(WordAt(value, t.ids + 4), 0xffffffffu);
}

TEST(LateProbeTable, ProviderNameHasARegionWhenAsked) {
  LateProbeTable t;
  t.capacity = 2;
  t.strings[3] = ReserveLateRegion(t, kProbeStringSize);
  std::vector<uint8_t> value(t.value_size, 0xff);
  Probe p;
  p.provider = "usdtdl1234";
  p.module = "libusdtdl.so";
  WriteLateEntry(t, value, 1, p, {});
  const char* provider =
      reinterpret_cast<const char*>(value.data() + t.strings[3] + kProbeStringSize);
  EXPECT_STREQ(provider, "usdtdl1234");
  EXPECT_EQ(value[t.strings[3]], 0xff) << "entry 0 untouched";
}

TEST(LateProbeTable, SiteRegionsAreSizedBySiteCapacity) {
  LateProbeTable t;
  t.capacity = 3;
  t.site_capacity = 5;
  EXPECT_EQ(ReserveLateRegion(t, 4), 0u);
  EXPECT_EQ(ReserveLateSiteRegion(t, 16), 16u);  // 8-aligned after 12 bytes
  EXPECT_EQ(t.value_size, 16u + 5 * 16);
}

}  // namespace
}  // namespace dt
