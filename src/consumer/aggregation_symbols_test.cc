// Aggregations keyed by stack(), sym()/func() and mod(): default output,
// printa() formats and ordering.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "consumer/aggregation_merge.h"
#include "consumer/aggregation_printer.h"
#include "consumer/fake_kernel_lookup_test_util.h"

namespace dt {
namespace {

using testing::FakeKernelLookup;
using testing::kDoSyscall;
using testing::kEntry;
using testing::kExt4Base;
using testing::kExt4Write;
using testing::kKsysWrite;

const std::string kIndent(14, ' ');

AggDesc Count(int id = 1) {
  AggDesc d;
  d.func = AggFunc::kCount;
  d.id = id;
  return d;
}

AggPrintOptions Opts() {
  AggPrintOptions opts;
  opts.render.kernel_lookup = FakeKernelLookup;
  return opts;
}

AggEntry StackEntry(std::vector<uint64_t> pcs, int64_t count, int depth = 20) {
  return AggEntry{{Value::Stack(std::move(pcs), depth)}, {count}};
}

// What `dtrace -n '... { @[stack()] = count(); }'` prints at exit (after
// dtrace's own "\n"): every entry starts with the stack's newline, so entries
// are separated by a blank line; the count sits on the line after the last
// frame, " %16lld".
TEST(AggSymbols, StackKeysInDefaultOutput) {
  std::vector<AggEntry> entries = {
      StackEntry({kKsysWrite + 0x10, kDoSyscall + 0x3a, kEntry + 0x76}, 12),
      StackEntry({kExt4Write + 0x1f, kDoSyscall + 0x3a}, 3),
  };
  EXPECT_EQ(PrintAggregation(Count(), entries, Opts()),
            "\n"
            "\n"
            "              ext4`ext4_file_write_iter+0x1f\n"
            "              vmlinux`do_syscall_64+0x3a\n"
            "                3\n"
            "\n"
            "              vmlinux`ksys_write+0x10\n"
            "              vmlinux`do_syscall_64+0x3a\n"
            "              vmlinux`entry_SYSCALL_64+0x76\n"
            "               12\n");
  EXPECT_EQ(PrintAllAggregations({AggSnapshot{Count(), entries}}, Opts()),
            "\n"
            "              ext4`ext4_file_write_iter+0x1f\n"
            "              vmlinux`do_syscall_64+0x3a\n"
            "                3\n"
            "\n"
            "              vmlinux`ksys_write+0x10\n"
            "              vmlinux`do_syscall_64+0x3a\n"
            "              vmlinux`entry_SYSCALL_64+0x76\n"
            "               12\n");
}

TEST(AggSymbols, StackIndentOptionAndNoLookup) {
  AggPrintOptions opts = Opts();
  opts.render.stack_indent = 2;
  EXPECT_EQ(FormatAggregationEntries(Count(), {StackEntry({kEntry}, 1)}, opts),
            "\n  vmlinux`entry_SYSCALL_64\n                1\n");
  EXPECT_EQ(FormatAggregationEntries(Count(), {StackEntry({kEntry}, 1)}, AggPrintOptions{}),
            "\n" + kIndent + "0xffffffff82000000\n                1\n");
}

TEST(AggSymbols, StackAfterAStringKey) {
  std::vector<AggEntry> entries = {
      AggEntry{{Value::Str("bash"), Value::Stack({kDoSyscall + 1}, 4)}, {2}}};
  EXPECT_EQ(FormatAggregationEntries(Count(), entries, Opts()), "  bash" + std::string(46, ' ') +
                                                                    "\n" + kIndent +
                                                                    "vmlinux`do_syscall_64+0x1\n"
                                                                    "                2\n");
}

TEST(AggSymbols, EqualCountsOrderByStackRecordBytes) {
  // Same count: the record with the smaller first byte comes first, even
  // though its first PC is numerically larger (little-endian records).
  std::vector<AggEntry> entries = {StackEntry({kDoSyscall + 0x01}, 5),
                                   StackEntry({kDoSyscall + 0x100}, 5)};
  EXPECT_EQ(FormatAggregationEntries(Count(), entries, Opts()),
            "\n" + kIndent + "vmlinux`do_syscall_64+0x100\n                5\n" +  //
                "\n" + kIndent + "vmlinux`do_syscall_64+0x1\n                5\n");
  // stack(1) keys are compared as integers.
  entries = {StackEntry({kDoSyscall + 0x100}, 5, 1), StackEntry({kDoSyscall + 0x01}, 5, 1)};
  EXPECT_EQ(FormatAggregationEntries(Count(), entries, Opts()),
            "\n" + kIndent + "vmlinux`do_syscall_64+0x1\n                5\n" +  //
                "\n" + kIndent + "vmlinux`do_syscall_64+0x100\n                5\n");
}

TEST(AggSymbols, SymAndModKeysAfterMerging) {
  AggSnapshot syms{Count(),
                   {AggEntry{{Value::Symbol(kDoSyscall + 0x3a)}, {2}},
                    AggEntry{{Value::Symbol(kKsysWrite + 4)}, {4}},
                    AggEntry{{Value::Symbol(kDoSyscall + 0x10)}, {3}},
                    AggEntry{{Value::Symbol(kExt4Base + 0x20)}, {1}}}};
  MergeSymbolKeys(syms, FakeKernelLookup);
  EXPECT_EQ(PrintAggregation(syms.desc, syms.entries, Opts()),
            "\n"
            "  ext4`0xffffffffc0000020                                           1\n"
            "  vmlinux`ksys_write                                                4\n"
            "  vmlinux`do_syscall_64                                             5\n");

  AggSnapshot mods{
      Count(),
      {AggEntry{{Value::Module(kDoSyscall + 0x3a)}, {2}},
       AggEntry{{Value::Module(kExt4Write)}, {1}}, AggEntry{{Value::Module(kEntry)}, {3}},
       AggEntry{{Value::Module(0x1234)}, {7}}}};
  MergeSymbolKeys(mods, FakeKernelLookup);
  EXPECT_EQ(PrintAggregation(mods.desc, mods.entries, Opts()),
            "\n"
            "  ext4                                                              1\n"
            "  vmlinux                                                           5\n"
            "  0x1234                                                            7\n");
}

TEST(AggSymbols, PrintaPercentKAndPercentA) {
  AggSnapshot stacks{Count(), {StackEntry({kKsysWrite + 0x10, kEntry}, 4)}};
  EXPECT_EQ(Printa(ParsePrintfFormat("%k %@d\n"), {stacks}, Opts()),
            "\nvmlinux`ksys_write+0x10\nvmlinux`entry_SYSCALL_64\n 4\n");
  EXPECT_EQ(Printa(ParsePrintfFormat("%-4k%@d\n"), {stacks}, Opts()),
            "\n    vmlinux`ksys_write+0x10\n    vmlinux`entry_SYSCALL_64\n4\n");

  AggSnapshot syms{Count(), {AggEntry{{Value::Symbol(kDoSyscall + 0x3a)}, {2}}}};
  MergeSymbolKeys(syms, FakeKernelLookup);
  EXPECT_EQ(Printa(ParsePrintfFormat("%-24a %@d\n"), {syms}, Opts()),
            "vmlinux`do_syscall_64    2\n");

  AggSnapshot mods{Count(), {AggEntry{{Value::Module(kExt4Write)}, {9}}}};
  MergeSymbolKeys(mods, FakeKernelLookup);
  EXPECT_EQ(Printa(ParsePrintfFormat("%-8s|%@d\n"), {mods}, Opts()), "ext4    |9\n");
  EXPECT_EQ(Printa(ParsePrintfFormat("%-8a|%@d\n"), {mods}, Opts()), "ext4    |9\n");
}

TEST(AggSymbols, PrintaDefaultOfTwoStackAggregations) {
  AggSnapshot a{Count(1), {StackEntry({kEntry}, 3)}};
  AggDesc sum;
  sum.func = AggFunc::kSum;
  sum.id = 2;
  AggSnapshot b{sum, {AggEntry{{Value::Stack({kEntry}, 20)}, {100}}}};
  EXPECT_EQ(PrintaDefault({a, b}, Opts()),
            "\n\n" + kIndent + "vmlinux`entry_SYSCALL_64\n                3              100\n");
}

}  // namespace
}  // namespace dt
