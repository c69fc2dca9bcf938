#include "consumer/stack_format.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "consumer/printf_format.h"
#include "consumer/trace_format.h"
#include "consumer/value.h"

namespace dt {
namespace {

constexpr uint64_t kDoSyscall = 0xffffffff81001000;
constexpr uint64_t kEntry = 0xffffffff82000000;
constexpr uint64_t kVmlinuxBase = 0xffffffff81000000;
constexpr uint64_t kExt4Base = 0xffffffffc0000000;
constexpr uint64_t kExt4Write = 0xffffffffc0010000;

// vmlinux: do_syscall_64 (0x200 bytes) and entry_SYSCALL_64 (0x100 bytes);
// ext4 spans 1 MiB, with one known symbol.
std::optional<KernelSymbolInfo> FakeLookup(uint64_t addr) {
  if (addr >= kDoSyscall && addr < kDoSyscall + 0x200) {
    return KernelSymbolInfo{"vmlinux", "do_syscall_64", addr - kDoSyscall, kVmlinuxBase};
  }
  if (addr >= kEntry && addr < kEntry + 0x100) {
    return KernelSymbolInfo{"vmlinux", "entry_SYSCALL_64", addr - kEntry, kVmlinuxBase};
  }
  if (addr >= kExt4Write && addr < kExt4Write + 0x400) {
    return KernelSymbolInfo{"ext4", "ext4_file_write_iter", addr - kExt4Write, kExt4Base};
  }
  if (addr >= kExt4Base && addr < kExt4Base + 0x100000) {
    return KernelSymbolInfo{"ext4", "", 0, kExt4Base};
  }
  return std::nullopt;
}

const KernelSymbolLookup kLookup = FakeLookup;
const std::string kIndent(14, ' ');

TEST(StackFormatTest, AddressTextFollowsAddr2str) {
  EXPECT_EQ(FormatKernelAddress(kDoSyscall + 0x3a, kLookup), "vmlinux`do_syscall_64+0x3a");
  EXPECT_EQ(FormatKernelAddress(kDoSyscall, kLookup), "vmlinux`do_syscall_64");
  EXPECT_EQ(FormatKernelAddress(kExt4Write + 0x1f, kLookup), "ext4`ext4_file_write_iter+0x1f");
  EXPECT_EQ(FormatKernelAddress(kExt4Base + 0x80000, kLookup), "ext4`0xffffffffc0080000");
  EXPECT_EQ(FormatKernelAddress(0xdeadbeef, kLookup), "0xdeadbeef");
  EXPECT_EQ(FormatKernelAddress(0, kLookup), "0x0");
  EXPECT_EQ(FormatKernelAddress(kDoSyscall + 1, nullptr), "0xffffffff81001001");
}

TEST(StackFormatTest, SymbolAndModuleTextHaveNoOffset) {
  EXPECT_EQ(FormatKernelSymbol(kDoSyscall + 0x3a, kLookup), "vmlinux`do_syscall_64");
  EXPECT_EQ(FormatKernelSymbol(kExt4Base + 0x10, kLookup), "ext4`0xffffffffc0000010");
  EXPECT_EQ(FormatKernelSymbol(0x1234, kLookup), "0x1234");
  EXPECT_EQ(FormatKernelModule(kDoSyscall + 0x3a, kLookup), "vmlinux");
  EXPECT_EQ(FormatKernelModule(kExt4Base + 0x10, kLookup), "ext4");
  EXPECT_EQ(FormatKernelModule(0x1234, kLookup), "0x1234");
}

TEST(StackFormatTest, SymbolRecordsAreLeftJustifiedIn50Columns) {
  EXPECT_EQ(FormatSymbolRecord(kDoSyscall + 4, kLookup),
            "  vmlinux`do_syscall_64" + std::string(50 - 21, ' '));
  EXPECT_EQ(FormatModuleRecord(kEntry, kLookup), "  vmlinux" + std::string(43, ' '));
  std::string longer(60, 'x');
  auto long_lookup = [&](uint64_t) {
    return std::optional<KernelSymbolInfo>(KernelSymbolInfo{"vmlinux", longer, 0, 0});
  };
  EXPECT_EQ(FormatSymbolRecord(1, long_lookup), "  vmlinux`" + longer);
}

TEST(StackFormatTest, StackFramesOnePerLineStoppingAtTheFirstZero) {
  std::vector<uint64_t> pcs = {kExt4Write + 0x1f, kDoSyscall + 0x3a, kEntry, 0xdeadbeef, 0,
                               kDoSyscall};
  EXPECT_EQ(FormatStack(pcs, kLookup),
            "\n" + kIndent + "ext4`ext4_file_write_iter+0x1f\n" +  //
                kIndent + "vmlinux`do_syscall_64+0x3a\n" +         //
                kIndent + "vmlinux`entry_SYSCALL_64\n" +           //
                kIndent + "0xdeadbeef\n");
  EXPECT_EQ(FormatStack({}, kLookup), "\n");
  std::vector<uint64_t> one = {kEntry + 2};
  EXPECT_EQ(FormatStack(one, kLookup, 4), "\n    vmlinux`entry_SYSCALL_64+0x2\n");
  EXPECT_EQ(FormatStack(one, kLookup, 0), "\nvmlinux`entry_SYSCALL_64+0x2\n");
}

// The whole default-output firing, shaped like dtrace(1)'s:
//   CPU     ID                    FUNCTION:NAME
//     0    196               gettimeofday:entry
//               vmlinux`do_syscall_64+0x3a
//   <blank line>
TEST(StackFormatTest, StackActionInDefaultOutputEndsWithABlankLine) {
  std::vector<uint64_t> pcs = {kDoSyscall + 0x3a, kEntry + 0x76};
  std::string firing =
      RecordPrefix(0, 196, "gettimeofday", "entry") + FormatStack(pcs, kLookup) + RecordEnd(false);
  EXPECT_EQ(firing, "  0    196               gettimeofday:entry \n" + kIndent +
                        "vmlinux`do_syscall_64+0x3a\n" + kIndent +
                        "vmlinux`entry_SYSCALL_64+0x76\n\n");
}

TEST(StackFormatTest, PercentKIndentsByTheLeftJustifiedWidth) {
  EXPECT_EQ(StackConversionIndent(0, false), 0);
  EXPECT_EQ(StackConversionIndent(20, false), 0);
  EXPECT_EQ(StackConversionIndent(20, true), 20);
  EXPECT_EQ(StackConversionIndent(-12, false), 12);

  std::vector<uint64_t> pcs = {kEntry + 1};
  auto pad_right_30 = [](const std::string& frame) {
    char buf[64];
    std::snprintf(buf, sizeof(buf), "%-30s", frame.c_str());
    return std::string(buf);
  };
  EXPECT_EQ(
      FormatStack(pcs, kLookup, StackConversionIndent(30, true), pad_right_30),
      "\n" + std::string(30, ' ') + "vmlinux`entry_SYSCALL_64+0x1" + std::string(2, ' ') + "\n");
}

TEST(StackFormatTest, RecordsAreLittleEndianWordsUpToTheFirstZero) {
  std::string bytes;
  for (uint64_t pc : {kDoSyscall + 0x3a, kEntry, uint64_t{0}, kEntry}) {
    for (int i = 0; i < 8; ++i) bytes.push_back(static_cast<char>((pc >> (8 * i)) & 0xff));
  }
  EXPECT_EQ(StackFramesFromRecord(bytes), (std::vector<uint64_t>{kDoSyscall + 0x3a, kEntry}));
  EXPECT_EQ(StackFramesFromRecord(bytes.substr(0, 12)), (std::vector<uint64_t>{kDoSyscall + 0x3a}));
  EXPECT_TRUE(StackFramesFromRecord("").empty());
}

TEST(StackFormatTest, StackKeysCompareByteWiseInMemoryOrder) {
  std::vector<uint64_t> a = {0x0200, 5};
  std::vector<uint64_t> b = {0x0101, 5};
  // 0x0200 is numerically larger, but its first byte (0x00) is smaller.
  EXPECT_LT(CompareStackKeys(a, b, 4), 0);
  EXPECT_GT(CompareStackKeys(b, a, 4), 0);
  EXPECT_EQ(CompareStackKeys(a, a, 4), 0);
  // Missing frames are the zero fill of the record.
  std::vector<uint64_t> shorter = {0x0200};
  EXPECT_GT(CompareStackKeys(a, shorter, 4), 0);
  EXPECT_EQ(CompareStackKeys(shorter, std::vector<uint64_t>{0x0200, 0}, 4), 0);
  // stack(1) is an 8-byte record: compared as an integer.
  std::vector<uint64_t> x = {0x0200};
  std::vector<uint64_t> y = {0x0101};
  EXPECT_GT(CompareStackKeys(x, y, 1), 0);
}

TEST(StackFormatTest, CanonicalKeysMergePerSymbolAndPerModule) {
  EXPECT_EQ(CanonicalSymbolKey(kDoSyscall + 0x3a, kLookup), kDoSyscall);
  EXPECT_EQ(CanonicalSymbolKey(kDoSyscall + 0x10, kLookup), kDoSyscall);
  EXPECT_EQ(CanonicalSymbolKey(kExt4Base + 0x10, kLookup), kExt4Base + 0x10);  // module only
  EXPECT_EQ(CanonicalSymbolKey(0x1234, kLookup), 0x1234u);
  EXPECT_EQ(CanonicalModuleKey(kDoSyscall + 0x3a, kLookup), kVmlinuxBase);
  EXPECT_EQ(CanonicalModuleKey(kEntry, kLookup), kVmlinuxBase);
  EXPECT_EQ(CanonicalModuleKey(kExt4Write, kLookup), kExt4Base);
  EXPECT_EQ(CanonicalModuleKey(0x1234, kLookup), 0x1234u);
}

TEST(StackFormatTest, PercentAUsesTheResolverAndFallsBackToHex) {
  PrintfRenderOptions opts;
  opts.kernel_symbols = MakeKernelAddressResolver(kLookup);
  EXPECT_EQ(opts.kernel_symbols(kDoSyscall + 0x3a), "vmlinux`do_syscall_64+0x3a");
  EXPECT_EQ(opts.kernel_symbols(0x1234), "");
  PrintfFormat fmt = ParsePrintfFormat("[%a] [%a] [%a]\n");
  std::vector<Value> args = {Value::UInt(kDoSyscall + 0x3a), Value::UInt(kExt4Base + 8),
                             Value::UInt(0x1234)};
  EXPECT_EQ(FormatPrintf(fmt, args, opts),
            "[vmlinux`do_syscall_64+0x3a] [ext4`0xffffffffc0000008] [0x1234]\n");
}

TEST(StackFormatTest, DropsLeadingTracingFramesOnly) {
  constexpr uint64_t kProg = 0xffffffffa0000000, kRun = 0xffffffff81100000,
                     kThunk = 0xffffffff81200000, kTraceEnter = 0xffffffff81300000,
                     kIter = 0xffffffff81400000;
  auto lookup = [&](uint64_t a) -> std::optional<KernelSymbolInfo> {
    if (a == kProg) return KernelSymbolInfo{"bpf", "bpf_prog_fecf572d3c26fb64_x", 0, kProg};
    if (a == kRun) return KernelSymbolInfo{"vmlinux", "bpf_trace_run2", 0, kVmlinuxBase};
    if (a == kThunk) return KernelSymbolInfo{"vmlinux", "__bpf_trace_sys_enter", 0, kVmlinuxBase};
    if (a == kTraceEnter) return KernelSymbolInfo{"vmlinux", "syscall_trace_enter", 0, 0};
    if (a == kIter) return KernelSymbolInfo{"vmlinux", "__traceiter_sys_enter", 0, 0};
    return FakeLookup(a);
  };
  std::vector<uint64_t> pcs = {kProg, kRun, kThunk, kTraceEnter, kDoSyscall, kRun, 0, kEntry};
  EXPECT_EQ(DropTracingFrames(pcs, lookup, 10),
            (std::vector<uint64_t>{kTraceEnter, kDoSyscall, kRun}));
  EXPECT_EQ(DropTracingFrames(pcs, lookup, 2), (std::vector<uint64_t>{kTraceEnter, kDoSyscall}));
  std::vector<uint64_t> plain = {kDoSyscall, kEntry};
  EXPECT_EQ(DropTracingFrames(plain, lookup, 10), plain);
  // Several programs on one tracepoint: the iterator calls the thunk.
  std::vector<uint64_t> shared = {kProg, kRun, kThunk, kIter, kTraceEnter, kDoSyscall};
  EXPECT_EQ(DropTracingFrames(shared, lookup, 10),
            (std::vector<uint64_t>{kTraceEnter, kDoSyscall}));
  std::vector<uint64_t> only_tracing = {kProg, kRun};
  EXPECT_TRUE(DropTracingFrames(only_tracing, lookup, 10).empty());
}

TEST(StackFormatTest, ALookupWithoutAModuleCountsAsUnknown) {
  auto broken = [](uint64_t) {
    return std::optional<KernelSymbolInfo>(KernelSymbolInfo{"", "x", 0, 0});
  };
  EXPECT_EQ(FormatKernelAddress(0x10, broken), "0x10");
  EXPECT_EQ(MakeKernelAddressResolver(broken)(0x10), "");
}

}  // namespace
}  // namespace dt
