// printf()/printa() conversions of stacks, sym()/func() and mod() values.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "consumer/fake_kernel_lookup_test_util.h"
#include "consumer/printf_format.h"
#include "consumer/value.h"

namespace dt {
namespace {

using testing::FakeKernelLookup;
using testing::kDoSyscall;
using testing::kEntry;
using testing::kExt4Base;
using testing::kExt4Write;
using testing::kKsysWrite;

PrintfRenderOptions Opts() {
  PrintfRenderOptions opts;
  opts.kernel_lookup = FakeKernelLookup;
  return opts;
}

std::string Render(const std::string& fmt, const std::vector<Value>& args,
                   const PrintfRenderOptions& opts = Opts()) {
  return FormatPrintf(ParsePrintfFormat(fmt), args, opts);
}

Value TwoFrames() { return Value::Stack({kKsysWrite + 0x10, kEntry}, 4); }

TEST(PrintfSymbols, PercentKIsANewlineThenUnindentedFrames) {
  EXPECT_EQ(Render("<%k>", {TwoFrames()}),
            "<\nvmlinux`ksys_write+0x10\nvmlinux`entry_SYSCALL_64\n>");
}

TEST(PrintfSymbols, LeftJustifiedPercentKIndentsByTheWidthWithoutPadding) {
  const std::string indent(20, ' ');
  EXPECT_EQ(Render("%-20k|", {TwoFrames()}),
            "\n" + indent + "vmlinux`ksys_write+0x10\n" + indent + "vmlinux`entry_SYSCALL_64\n|");
  // The width indents only: frames shorter than it are not padded.
  EXPECT_EQ(Render("%-30k|", {Value::Stack({kEntry}, 1)}),
            "\n" + std::string(30, ' ') + "vmlinux`entry_SYSCALL_64\n|");
  // '-' with a '*' width: the dynamic width indents.
  EXPECT_EQ(Render("%-*k|", {Value::Int(6, 4), Value::Stack({kEntry}, 1)}),
            "\n      vmlinux`entry_SYSCALL_64\n|");
}

TEST(PrintfSymbols, RightJustifiedPercentKPadsEachFrame) {
  EXPECT_EQ(Render("%26k|", {TwoFrames()}),
            "\n   vmlinux`ksys_write+0x10\n  vmlinux`entry_SYSCALL_64\n|");
}

TEST(PrintfSymbols, NegativeStarWidthBothIndentsAndLeftPads) {
  // libdtrace indents by |width| and keeps the width in the frame's "%-20s".
  EXPECT_EQ(Render("%*k|", {Value::Int(-20, 4), Value::Stack({kKsysWrite}, 2)}),
            "\n" + std::string(20, ' ') + "vmlinux`ksys_write  \n|");
}

TEST(PrintfSymbols, PercentKOfAnEmptyStackIsJustTheNewline) {
  EXPECT_EQ(Render("[%k]", {Value::Stack({}, 4)}), "[\n]");
}

TEST(PrintfSymbols, PercentAUsesTheLookup) {
  EXPECT_EQ(Render("%a %a %a", {Value::UInt(kDoSyscall + 0x3a), Value::UInt(kExt4Base + 8),
                                Value::UInt(0x1234)}),
            "vmlinux`do_syscall_64+0x3a ext4`0xffffffffc0000008 0x1234");
  EXPECT_EQ(Render("[%-30a]", {Value::UInt(kDoSyscall)}), "[vmlinux`do_syscall_64         ]");
  // Without any lookup: hex.
  EXPECT_EQ(Render("%a", {Value::UInt(kDoSyscall)}, PrintfRenderOptions{}), "0xffffffff81001000");
  // An explicit resolver wins over the lookup.
  PrintfRenderOptions both = Opts();
  both.kernel_symbols = [](uint64_t) { return std::string("resolved"); };
  EXPECT_EQ(Render("%a", {Value::UInt(kDoSyscall)}, both), "resolved");
}

TEST(PrintfSymbols, SymValues) {
  const Value sym = Value::Symbol(kDoSyscall);
  EXPECT_EQ(Render("%a|%s|%-25s|", {sym, sym, sym}),
            "vmlinux`do_syscall_64|vmlinux`do_syscall_64|vmlinux`do_syscall_64    |");
  // An uncanonicalised PC (a printf argument) keeps its offset under %a.
  EXPECT_EQ(Render("%a", {Value::Symbol(kDoSyscall + 4)}), "vmlinux`do_syscall_64+0x4");
  EXPECT_EQ(Render("%x %d", {sym, Value::Symbol(42)}), "ffffffff81001000 42");
  EXPECT_EQ(Render("%s", {Value::Symbol(kExt4Base + 0x10)}), "ext4`0xffffffffc0000010");
}

TEST(PrintfSymbols, ModValuesPrintTheirNameWhateverTheConversion) {
  const Value mod = Value::Module(kExt4Write + 3);
  EXPECT_EQ(Render("%s|%-8s|%a|%d|%8x|", {mod, mod, mod, mod, mod}),
            "ext4|ext4    |ext4|ext4|    ext4|");
  EXPECT_EQ(Render("%s", {Value::Module(0x1234)}), "0x1234");
  EXPECT_EQ(Render("%s", {Value::Module(kDoSyscall)}, PrintfRenderOptions{}), "0xffffffff81001000");
}

TEST(PrintfSymbols, PrintaKeysAndValues) {
  PrintfFormat fmt = ParsePrintfFormat("%k%@8d\n");
  std::vector<PrintfAggValue> values(1);
  values[0].value = Value::Int(7);
  EXPECT_EQ(FormatPrintfWithAgg(fmt, {TwoFrames()}, values, Opts()),
            "\nvmlinux`ksys_write+0x10\nvmlinux`entry_SYSCALL_64\n       7\n");
}

}  // namespace
}  // namespace dt
