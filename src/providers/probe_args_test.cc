#include "providers/probe_args.h"

#include <gtest/gtest.h>

#include "providers/dtrace_provider.h"
#include "providers/profile_provider.h"

namespace dt {
namespace {

constexpr const char* kOpenatFormat =
    "name: sys_enter_openat\n"
    "ID: 782\n"
    "format:\n"
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
    "\n"
    "\tfield:int __syscall_nr;\toffset:8;\tsize:4;\tsigned:1;\n"
    "\tfield:int dfd;\toffset:16;\tsize:8;\tsigned:0;\n"
    "\tfield:const char * filename;\toffset:24;\tsize:8;\tsigned:0;\n"
    "\n"
    "print fmt: \"dfd: 0x%08lx\", ((unsigned long)(REC->dfd))\n";

constexpr const char* kLocFormat =
    "name: demo\n"
    "ID: 1\n"
    "format:\n"
    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
    "\tfield:__data_loc char[] path;\toffset:8;\tsize:4;\tsigned:0;\n"
    "\tfield:__rel_loc u8[] blob;\toffset:12;\tsize:4;\tsigned:0;\n"
    "\tfield:u64 addrs[4];\toffset:16;\tsize:32;\tsigned:0;\n";

TEST(ProbeArgsTest, SyscallFormatSkipsTheSyscallNumber) {
  auto args = ArgsFromTracepointFormat(runtime::ParseTracepointFormat(kOpenatFormat));
  ASSERT_EQ(args.size(), 2u);
  EXPECT_EQ(args[0].name, "dfd");
  EXPECT_EQ(args[0].type, "int");
  EXPECT_EQ(args[0].offset, 16u);
  EXPECT_EQ(args[0].size, 8u);
  EXPECT_EQ(args[1].type, "const char *");
  EXPECT_EQ(args[1].array_length, -1);
}

TEST(ProbeArgsTest, LocationFieldsAndArrays) {
  auto args = ArgsFromTracepointFormat(runtime::ParseTracepointFormat(kLocFormat));
  ASSERT_EQ(args.size(), 3u);
  EXPECT_EQ(args[0].type, "char[]");
  EXPECT_EQ(args[0].element_type, "char");
  EXPECT_EQ(args[0].array_length, 0);
  EXPECT_TRUE(args[0].is_data_loc);
  EXPECT_FALSE(args[0].is_rel_loc);
  EXPECT_EQ(args[1].type, "u8[]");
  EXPECT_TRUE(args[1].is_rel_loc);
  EXPECT_EQ(args[2].type, "u64[4]");
  EXPECT_EQ(args[2].element_type, "u64");
  EXPECT_EQ(args[2].array_length, 4);
  EXPECT_FALSE(args[2].is_data_loc);
}

TEST(ProbeArgsTest, SyscallReturnUsesTheRetFieldOrTheCommonLayout) {
  auto fallback = SyscallReturnArgs(nullptr);
  ASSERT_EQ(fallback.size(), 2u);
  EXPECT_EQ(fallback[1].type, "long");
  EXPECT_EQ(fallback[1].offset, 16u);

  auto format = runtime::ParseTracepointFormat(
      "name: sys_exit_x\nID: 2\nformat:\n"
      "\tfield:int __syscall_nr;\toffset:8;\tsize:4;\tsigned:1;\n"
      "\tfield:long ret;\toffset:24;\tsize:8;\tsigned:1;\n");
  auto args = SyscallReturnArgs(&format);
  ASSERT_EQ(args.size(), 2u);
  EXPECT_EQ(args[0].offset, 24u);
  EXPECT_EQ(args[0].name, "ret");
  EXPECT_TRUE(args[0].is_signed);
}

TEST(ProbeArgsTest, ProbesWithoutATracepointHaveNone) {
  Probe begin;
  begin.owner = &DtraceProvider();
  EXPECT_TRUE(ReadProbeArgs(begin).empty());
  Probe tick;
  tick.owner = &ProfileProvider();
  EXPECT_TRUE(ReadProbeArgs(tick).empty());
}

}  // namespace
}  // namespace dt
