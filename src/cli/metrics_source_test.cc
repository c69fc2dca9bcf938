#include "cli/metrics_source.h"

#include <gtest/gtest.h>

#include "consumer/fake_kernel_lookup_test_util.h"

namespace dt {
namespace {

using testing::FakeKernelLookup;

TEST(KeyLabelValue, StringsAndIntegers) {
  EXPECT_EQ(KeyLabelValue(Value::Str("bash"), FakeKernelLookup, nullptr), "bash");
  EXPECT_EQ(KeyLabelValue(Value::Int(-5, 4, true), FakeKernelLookup, nullptr), "-5");
  EXPECT_EQ(KeyLabelValue(Value::UInt(~uint64_t{0}), FakeKernelLookup, nullptr),
            "18446744073709551615");
}

TEST(KeyLabelValue, SymbolsAsDtracePrintsThem) {
  EXPECT_EQ(KeyLabelValue(Value::Symbol(testing::kKsysWrite + 4), FakeKernelLookup, nullptr),
            "vmlinux`ksys_write");
  EXPECT_EQ(KeyLabelValue(Value::Module(testing::kExt4Write), FakeKernelLookup, nullptr), "ext4");
  EXPECT_EQ(KeyLabelValue(Value::Address(testing::kDoSyscall + 0x3a), FakeKernelLookup, nullptr),
            "vmlinux`do_syscall_64+0x3a");
}

TEST(KeyLabelValue, StackIsFoldedOutermostFirst) {
  Value stack = Value::Stack(
      {testing::kKsysWrite + 0x10, testing::kDoSyscall + 0x3a, testing::kEntry + 0x76}, 20);
  EXPECT_EQ(KeyLabelValue(stack, FakeKernelLookup, nullptr),
            "vmlinux`entry_SYSCALL_64+0x76;vmlinux`do_syscall_64+0x3a;vmlinux`ksys_write+0x10");
}

TEST(KeyLabelValue, UserAddressesByTheirProcess) {
  Value sym = Value::Symbol(0x401000);
  sym.user = true;
  sym.pid = 42;
  UserSymbolLookup user = [](uint32_t pid, uint64_t addr) -> std::optional<KernelSymbolInfo> {
    if (pid != 42 || addr != 0x401000) return std::nullopt;
    return KernelSymbolInfo{"a.out", "main", 0, 0x400000};
  };
  EXPECT_EQ(KeyLabelValue(sym, FakeKernelLookup, user), "a.out`main");
}

}  // namespace
}  // namespace dt
