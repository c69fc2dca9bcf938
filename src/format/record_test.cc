// The record framing is written by BPF code (fixed offsets in the
// generated instructions) and read by the consumer: its layout must not
// move under either.
#include "format/record.h"

#include <gtest/gtest.h>

#include <cstddef>

namespace dt {
namespace {

TEST(RecordHeader, IsFourWordsInOrder) {
  EXPECT_EQ(sizeof(RecordHeader), 16u);
  EXPECT_EQ(offsetof(RecordHeader, desc_id), 0u);
  EXPECT_EQ(offsetof(RecordHeader, probe_id), 4u);
  EXPECT_EQ(offsetof(RecordHeader, cpu), 8u);
  EXPECT_EQ(offsetof(RecordHeader, epid), 12u);
}

TEST(ErrorRecord, FollowsTheHeaderWithAnAlignedAddress) {
  EXPECT_EQ(sizeof(ErrorRecord), 40u);
  EXPECT_EQ(offsetof(ErrorRecord, action), 16u);
  EXPECT_EQ(offsetof(ErrorRecord, offset), 20u);
  EXPECT_EQ(offsetof(ErrorRecord, fault), 24u);
  EXPECT_EQ(offsetof(ErrorRecord, addr), 32u);
}

TEST(FaultKind, IsDtraceNumbering) {
  EXPECT_EQ(static_cast<uint32_t>(FaultKind::kBadAddr), 1u);
  EXPECT_EQ(static_cast<uint32_t>(FaultKind::kBadAlign), 2u);
  EXPECT_EQ(static_cast<uint32_t>(FaultKind::kIllegalOp), 3u);
  EXPECT_EQ(static_cast<uint32_t>(FaultKind::kDivZero), 4u);
  EXPECT_EQ(static_cast<uint32_t>(FaultKind::kNoScratch), 5u);
}

}  // namespace
}  // namespace dt
