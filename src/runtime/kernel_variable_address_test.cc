#include "runtime/kernel_variable_address.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <optional>
#include <string>

#include "runtime/system_map.h"

namespace dt::runtime {
namespace {

// A kernel linked at 0xffffffff81000000 and running 0x2e00000 higher.
constexpr uint64_t kRunningStext = 0xffffffff83e00000ull;
constexpr const char* kMapText =
    "ffffffff81000000 T _stext\n"
    "ffffffff82a0c4e0 D pid_max\n"
    "0000000000012340 D runqueues\n";

std::string WriteMap(const char* text) {
  std::string path = testing::TempDir() + "/System.map-kernel-variable-test";
  std::ofstream(path) << text;
  return path;
}

// kallsyms of a kernel without CONFIG_KALLSYMS_ALL: text only, per-CPU
// symbols at their offsets.
KernelSymbols TextOnlyKallsyms() {
  return KernelSymbols::FromText(
      "ffffffff83e00000 T _stext\n"
      "ffffffff83e00010 T start_kernel\n"
      "0000000000012340 D runqueues\n"
      "ffffffffc0a01000 t ext4_helper\t[ext4]\n");
}

TEST(KernelVariableAddressTest, KallsymsAnswersWhenItListsTheVariable) {
  KernelSymbols kallsyms = KernelSymbols::FromText(
      "ffffffff83e00000 T _stext\n"
      "ffffffff8580c4e8 D pid_max\n"
      "ffffffffc0a02000 d ext4_state\t[ext4]\n");
  std::string map = WriteMap(kMapText);
  // System.map would say ...c4e0: kallsyms, the running kernel itself, wins.
  EXPECT_EQ(KernelVariableAddress("", "pid_max", kallsyms, map), 0xffffffff8580c4e8ull);
  EXPECT_EQ(KernelVariableAddress("ext4", "ext4_state", kallsyms, map), 0xffffffffc0a02000ull);
  EXPECT_EQ(KernelVariableAddress("", "ext4_state", kallsyms, map), 0xffffffffc0a02000ull);
}

TEST(KernelVariableAddressTest, SystemMapAddressIsMovedByTheRunningKernelsRelocation) {
  std::string map = WriteMap(kMapText);
  std::optional<uint64_t> address = KernelVariableAddress("", "pid_max", TextOnlyKallsyms(), map);
  ASSERT_TRUE(address);
  EXPECT_EQ(*address, 0xffffffff82a0c4e0ull - 0xffffffff81000000ull + kRunningStext);
}

TEST(KernelVariableAddressTest, APerCpuOffsetIsNeverTakenForAnAddress) {
  ASSERT_EQ(TextOnlyKallsyms().AddressOf("runqueues"), 0x12340u);
  EXPECT_FALSE(KernelVariableAddress("", "runqueues", TextOnlyKallsyms(), "/nonexistent/map"));
}

TEST(KernelVariableAddressTest, ModuleVariablesHaveNoSystemMapFallback) {
  std::string map = WriteMap(kMapText);
  EXPECT_FALSE(KernelVariableAddress("ext4", "pid_max", TextOnlyKallsyms(), map));
  EXPECT_FALSE(KernelVariableAddress("xfs", "ext4_helper", TextOnlyKallsyms(), map));
}

TEST(KernelVariableAddressTest, RefusedWithoutStextOrWithoutTheMap) {
  KernelSymbols no_stext = KernelSymbols::FromText("ffffffff83e00010 T start_kernel\n");
  EXPECT_FALSE(KernelVariableAddress("", "pid_max", no_stext, WriteMap(kMapText)));
  EXPECT_FALSE(KernelVariableAddress("", "pid_max", TextOnlyKallsyms(), "/nonexistent/map"));
  EXPECT_FALSE(
      KernelVariableAddress("", "no_such_variable", TextOnlyKallsyms(), WriteMap(kMapText)));
}

// The running kernel: whatever this machine's kallsyms and System.map say.
TEST(KernelVariableAddressTest, RunningKernelAgreesWithItsKallsymsAndSystemMap) {
  if (geteuid() != 0) GTEST_SKIP() << "needs root to see kernel addresses";
  const KernelSymbols& kallsyms = KernelSymbols::Kernel();
  ASSERT_TRUE(kallsyms.ok()) << kallsyms.error();
  // A text symbol is listed whatever the kernel's configuration.
  EXPECT_EQ(RunningKernelVariableAddress("", "schedule"), kallsyms.AddressOf("schedule"));

  std::optional<uint64_t> pid_max = RunningKernelVariableAddress("", "pid_max");
  if (std::optional<uint64_t> listed = kallsyms.AddressOf("pid_max")) {
    EXPECT_EQ(pid_max, listed);
  } else {
    std::optional<uint64_t> stext = kallsyms.AddressOf("_stext");
    ASSERT_TRUE(stext);
    EXPECT_EQ(pid_max, SystemMapAddress("pid_max", DefaultSystemMapPath(), *stext));
  }
}

}  // namespace
}  // namespace dt::runtime
