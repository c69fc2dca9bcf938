#include "runtime/kernel_info.h"

#include <gtest/gtest.h>
#include <time.h>

#include <cstdlib>

#include "runtime/attach.h"

namespace dt::runtime {
namespace {

TEST(KernelInfoTest, PossibleCpusCoverOnlineCpus) {
  int possible = NumPossibleCpus();
  std::vector<int> online = OnlineCpus();
  EXPECT_GE(possible, static_cast<int>(online.size()));
  EXPECT_LT(online.back(), possible);
}

TEST(KernelInfoTest, WalltimeOffsetTurnsMonotonicIntoRealtime) {
  timespec now{};
  clock_gettime(CLOCK_REALTIME, &now);
  int64_t wall = static_cast<int64_t>(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
  int64_t derived = static_cast<int64_t>(MonotonicNowNs()) + WalltimeOffsetNs();
  EXPECT_LT(std::llabs(derived - wall), 10'000'000);  // within 10 ms
  EXPECT_GT(WalltimeOffsetNs(), 0);
}

TEST(KernelInfoTest, PageSizeIsAPowerOfTwo) {
  size_t page = PageSize();
  EXPECT_GE(page, 4096u);
  EXPECT_EQ(page & (page - 1), 0u);
}

}  // namespace
}  // namespace dt::runtime
