#include "consumer/ring_policy_buffer.h"

#include <gtest/gtest.h>

namespace dt {
namespace {

std::vector<uint8_t> Bytes(size_t n, uint8_t v) { return std::vector<uint8_t>(n, v); }

TEST(RingPolicyBufferTest, KeepsEverythingThatFits) {
  RingPolicyBuffer b(64);
  auto r1 = Bytes(24, 1), r2 = Bytes(40, 2);
  b.Add(r1.data(), r1.size());
  b.Add(r2.data(), r2.size());
  EXPECT_EQ(b.held_bytes(), 64u);
  std::deque<std::vector<uint8_t>> got = b.Take();
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0], r1);
  EXPECT_EQ(got[1], r2);
  EXPECT_EQ(b.held_bytes(), 0u);
  EXPECT_TRUE(b.Take().empty());
}

TEST(RingPolicyBufferTest, TheOldestGoFirst) {
  RingPolicyBuffer b(72);
  for (uint8_t i = 1; i <= 10; ++i) {
    auto r = Bytes(24, i);
    b.Add(r.data(), r.size());
  }
  std::deque<std::vector<uint8_t>> got = b.Take();
  ASSERT_EQ(got.size(), 3u);
  EXPECT_EQ(got[0][0], 8);
  EXPECT_EQ(got[1][0], 9);
  EXPECT_EQ(got[2][0], 10);
}

TEST(RingPolicyBufferTest, ALargerRecordPushesOutAsManyAsItNeeds) {
  RingPolicyBuffer b(64);
  auto small = Bytes(16, 1), large = Bytes(40, 2);
  for (int i = 0; i < 4; ++i) b.Add(small.data(), small.size());
  b.Add(large.data(), large.size());
  std::deque<std::vector<uint8_t>> got = b.Take();
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0], small);
  EXPECT_EQ(got[1], large);
}

TEST(RingPolicyBufferTest, ARecordLargerThanTheBufferIsNotKept) {
  RingPolicyBuffer b(32);
  auto kept = Bytes(16, 1), huge = Bytes(48, 2);
  b.Add(kept.data(), kept.size());
  b.Add(huge.data(), huge.size());
  std::deque<std::vector<uint8_t>> got = b.Take();
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0], kept);
}

}  // namespace
}  // namespace dt
