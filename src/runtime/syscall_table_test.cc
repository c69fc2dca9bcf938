#include "runtime/syscall_table.h"

#include <gtest/gtest.h>

#include <cstring>

namespace dt::runtime {
namespace {

TEST(SyscallTableTest, KnowsWellKnownNumbers) {
  EXPECT_EQ(SyscallNumber("read"), 0);
  EXPECT_EQ(SyscallNumber("write"), 1);
  EXPECT_EQ(SyscallNumber("getppid"), 110);
  EXPECT_STREQ(SyscallName(0), "read");
  EXPECT_STREQ(SyscallName(110), "getppid");
  EXPECT_STREQ(SyscallName(59), "execve");
}

TEST(SyscallTableTest, UnknownNamesAndNumbers) {
  EXPECT_EQ(SyscallNumber("nosuchcall"), -1);
  EXPECT_EQ(SyscallNumber(""), -1);
  EXPECT_EQ(SyscallName(-1), nullptr);
  EXPECT_EQ(SyscallName(100000), nullptr);
  EXPECT_EQ(SyscallName(400), nullptr);  // the gap between 334 and 424 on x86-64
}

TEST(SyscallTableTest, RoundTripsEveryEntry) {
  int max = MaxSyscallNumber();
  EXPECT_GE(max, 424);  // pidfd_send_signal exists in every supported kernel
  int known = 0;
  for (int nr = 0; nr <= max; ++nr) {
    const char* name = SyscallName(nr);
    if (name == nullptr) continue;
    ++known;
    EXPECT_EQ(SyscallNumber(name), nr) << name;
  }
  EXPECT_GT(known, 300);
  EXPECT_NE(SyscallName(max), nullptr);
}

}  // namespace
}  // namespace dt::runtime
