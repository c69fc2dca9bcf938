#include "consumer/speculation_buffers.h"

#include <gtest/gtest.h>

namespace dt {
namespace {

std::vector<uint8_t> Bytes(size_t n, uint8_t v) { return std::vector<uint8_t>(n, v); }

TEST(SpeculationBuffersTest, CommitGivesTheRecordsInOrderOnce) {
  SpeculationBuffers b(1024);
  auto r1 = Bytes(16, 1), r2 = Bytes(24, 2), other = Bytes(8, 3);
  EXPECT_TRUE(b.Add(2, 0, r1.data(), r1.size()));
  EXPECT_TRUE(b.Add(4, 1, other.data(), other.size()));
  EXPECT_TRUE(b.Add(2, 1, r2.data(), r2.size()));
  std::vector<std::vector<uint8_t>> got = b.Take(2);
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0], r1);
  EXPECT_EQ(got[1], r2);
  EXPECT_TRUE(b.Take(2).empty());
  EXPECT_EQ(b.speculations(), 1u);
  b.Drop(4);
  EXPECT_EQ(b.speculations(), 0u);
  EXPECT_TRUE(b.Take(4).empty());
  EXPECT_EQ(b.drops(), 0u);
}

TEST(SpeculationBuffersTest, EachCpuHoldsSpecsizeBytes) {
  SpeculationBuffers b(32);
  auto r = Bytes(16, 7);
  EXPECT_TRUE(b.Add(2, 0, r.data(), r.size()));
  EXPECT_TRUE(b.Add(2, 0, r.data(), r.size()));
  EXPECT_FALSE(b.Add(2, 0, r.data(), r.size()));  // CPU 0's buffer is full
  EXPECT_TRUE(b.Add(2, 1, r.data(), r.size()));   // CPU 1 has its own
  auto big = Bytes(40, 1);
  EXPECT_FALSE(b.Add(6, 0, big.data(), big.size()));
  EXPECT_EQ(b.drops(), 2u);
  EXPECT_EQ(b.Take(2).size(), 3u);  // drops do not stop a commit
  SpeculationBuffers none(0);
  EXPECT_FALSE(none.Add(2, 0, r.data(), r.size()));
}

}  // namespace
}  // namespace dt
