// The descriptors of late USDT sites: their bytes, where WriteUsdtSite puts
// them, and GenUsdtOperandFetch run for real (a uprobe program on a
// function of this test interprets descriptors held in a map, as a program
// does for the sites a run adds), which must give what the operands'
// compiled fetch gives (usdt_argument_gen_test.cc's cases).
#include "codegen/usdt_site_table.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "codegen/late_probe_table.h"
#include "providers/usdt_provider.h"
#include "runtime/bpf_map.h"
#include "runtime/bpf_prog.h"
#include "runtime/test_insns.h"
#include "runtime/uprobe.h"

// At its entry the arguments are in rdi, rsi, rdx and rcx.
extern "C" __attribute__((noinline)) long UsdtSiteTableTestTarget(const long* table, long index,
                                                                  long small, long wide) {
  __asm__ volatile("" ::: "memory");
  return table[index] + small + wide;
}

namespace dt {
namespace {

using namespace bpf;

elf::SdtArgument Parse(const char* spec) {
  std::string error;
  std::optional<elf::SdtArgument> arg = elf::ParseSdtArgument(spec, &error);
  if (!arg) ADD_FAILURE() << spec << ": " << error;
  return arg.value_or(elf::SdtArgument{});
}

std::vector<uint8_t> Bytes(const std::array<uint8_t, kUsdtOperandSize>& d) {
  return std::vector<uint8_t>(d.begin(), d.end());
}

TEST(UsdtSiteTable, EncodesEachOperandKind) {
  // A register: its pt_regs offset + 1 (rdx at 96) and width, no value.
  elf::SdtArgument reg = Parse("-4@%edx");
  EXPECT_EQ(Bytes(EncodeUsdtOperand(&reg)),
            (std::vector<uint8_t>{0, 0, 0, 0, 0, 0, 0, 0, 97, 32, 0, 0, 0, 32, 2, 4}));
  // %ch is byte 1 of rcx's slot (88).
  elf::SdtArgument high = Parse("1@%ch");
  EXPECT_EQ(Bytes(EncodeUsdtOperand(&high)),
            (std::vector<uint8_t>{0, 0, 0, 0, 0, 0, 0, 0, 90, 56, 0, 0, 0, 56, 0, 1}));
  elf::SdtArgument constant = Parse("-4@$-5");
  EXPECT_EQ(Bytes(EncodeUsdtOperand(&constant)),
            (std::vector<uint8_t>{0xfb, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0, 32,
                                  2, 4}));
  // Memory: displacement, base rdi (112), index rsi (104), scale 8.
  elf::SdtArgument memory = Parse("-8@8(%rdi,%rsi,8)");
  EXPECT_EQ(Bytes(EncodeUsdtOperand(&memory)),
            (std::vector<uint8_t>{8, 0, 0, 0, 0, 0, 0, 0, 113, 0, 105, 0, 3, 0, 3, 8}));
  EXPECT_EQ(Bytes(EncodeUsdtOperand(nullptr)), std::vector<uint8_t>(kUsdtOperandSize, 0));
}

TEST(UsdtSiteTable, SymbolsMustBeResolvedFirst) {
  elf::SdtArgument at_symbol = Parse("-4@counter(%rip)");
  EXPECT_THROW(EncodeUsdtOperand(&at_symbol), std::logic_error);
}

TEST(UsdtSiteTable, WritesASiteIntoEveryOperandRegion) {
  LateProbeTable t;
  t.capacity = 2;
  t.site_capacity = 3;
  t.ids = ReserveLateRegion(t, 4);
  t.site_operands[0] = ReserveLateSiteRegion(t, kUsdtOperandSize);
  t.site_operands[2] = ReserveLateSiteRegion(t, kUsdtOperandSize);
  EXPECT_EQ(t.site_operands[0], 8u);
  EXPECT_EQ(t.site_operands[2], 8u + 3 * kUsdtOperandSize);
  EXPECT_EQ(t.value_size, 8u + 6 * kUsdtOperandSize);
  std::vector<uint8_t> value(t.value_size, 0xee);
  UsdtSite site;
  site.arguments = {Parse("-4@%edx"), Parse("8@$3")};  // no arg2
  WriteUsdtSite(t, value, 1, site);
  elf::SdtArgument edx = Parse("-4@%edx");
  auto at = [&](uint32_t region, uint32_t index) {
    const uint8_t* p = value.data() + region + index * kUsdtOperandSize;
    return std::vector<uint8_t>(p, p + kUsdtOperandSize);
  };
  EXPECT_EQ(at(t.site_operands[0], 1), Bytes(EncodeUsdtOperand(&edx)));
  EXPECT_EQ(at(t.site_operands[2], 1), std::vector<uint8_t>(kUsdtOperandSize, 0));
  EXPECT_EQ(at(t.site_operands[0], 0), std::vector<uint8_t>(kUsdtOperandSize, 0xee));
  EXPECT_EQ(at(t.site_operands[0], 2), std::vector<uint8_t>(kUsdtOperandSize, 0xee));
  // A site whose notes could not be parsed: every argument is 0.
  site.argument_error = "bad";
  WriteUsdtSite(t, value, 2, site);
  EXPECT_EQ(at(t.site_operands[0], 2), std::vector<uint8_t>(kUsdtOperandSize, 0));
}

// The file and offset of this program's code at `address`.
bool FileSiteOf(const void* address, std::string* path, uint64_t* offset) {
  auto at = reinterpret_cast<uint64_t>(address);
  std::ifstream maps("/proc/self/maps");
  for (std::string line; std::getline(maps, line);) {
    unsigned long long start = 0, end = 0, file_offset = 0;
    char perms[8] = {};
    int path_at = 0;
    if (sscanf(line.c_str(), "%llx-%llx %7s %llx %*s %*s %n", &start, &end, perms, &file_offset,
               &path_at) < 4)
      continue;
    if (at >= start && at < end && perms[2] == 'x') {
      *path = line.substr(static_cast<size_t>(path_at));
      *offset = at - start + file_offset;
      return true;
    }
  }
  return false;
}

struct Case {
  const char* spec;  // nullptr: no argument
  uint64_t expected;
};

TEST(UsdtSiteTable, FetchInterpretsDescriptorsAsTheCompiledFetchDoes) {
  DT_REQUIRE_ROOT();
  static const long table[4] = {10, -20, 30, 0x7fffffff00000005};
  const Case cases[] = {
      {"8@%rsi", 1},
      {"-4@%edx", static_cast<uint64_t>(-3)},
      {"4@%edx", 0xfffffffd},
      {"-1@%cl", static_cast<uint64_t>(-17)},  // 0xef
      {"2@%cx", 0xcdef},
      {"-2@%cx", static_cast<uint64_t>(-12817)},
      {"1@%ch", 0xcd},
      {"8@%rcx", 0x1234567890abcdef},
      {"8@%ecx", 0x90abcdef},  // wider than its register: zero-extended
      {"-4@$-5", static_cast<uint64_t>(-5)},
      {"1@$300", 44},
      {"-8@8(%rdi)", static_cast<uint64_t>(-20)},
      {"-8@(%rdi,%rsi,8)", static_cast<uint64_t>(-20)},
      {"-8@8(%rdi,%rsi,8)", 30},
      {"2@(%rdi,%rsi,8)", 65516},
      {"-4@28(%rdi)", 0x7fffffff},
      {"8@-4(%rdi,%rsi,4)", 10},
      {"-8@8(%rsi)", 0},  // address 9: the read faults
      {nullptr, 0},
  };
  constexpr size_t kCount = sizeof cases / sizeof cases[0];

  std::vector<uint8_t> descriptors;
  for (const Case& c : cases) {
    elf::SdtArgument arg;
    if (c.spec != nullptr) arg = Parse(c.spec);
    std::array<uint8_t, kUsdtOperandSize> d = EncodeUsdtOperand(c.spec ? &arg : nullptr);
    descriptors.insert(descriptors.end(), d.begin(), d.end());
  }
  runtime::Map operands = runtime::CreateMap(
      {"usdt_operands", BPF_MAP_TYPE_ARRAY, 4, static_cast<uint32_t>(descriptors.size()), 1});
  uint32_t key = 0;
  operands.Update(&key, descriptors.data());
  runtime::Map results = runtime::CreateMap({"usdt_results", BPF_MAP_TYPE_ARRAY, 4, 8 * kCount, 1});

  Builder b;
  b.Mov(R6, R1);
  const int16_t scratch = -8, desc_slot = -16;
  auto result_slot = [&](size_t i) { return static_cast<int16_t>(-16 - 8 * (kCount - i)); };
  for (size_t i = 0; i < kCount; ++i) {
    b.LoadMapValueAddr(R2, 0, static_cast<uint32_t>(i * kUsdtOperandSize));
    GenUsdtOperandFetch(b, scratch, desc_slot);
    b.Store(8, R10, result_slot(i), R0);
  }
  b.StoreImm(4, R10, scratch, 0);  // key 0
  b.LoadMapFd(R1, 1);
  b.Mov(R2, R10);
  b.AluImm(BPF_ADD, R2, scratch);
  b.Mov(R3, R10);
  b.AluImm(BPF_ADD, R3, result_slot(0));
  b.MovImm(R4, BPF_ANY);
  b.Call(BPF_FUNC_map_update_elem);
  b.MovImm(R0, 0);
  b.Exit();
  std::vector<bpf_insn> insns = b.Finish();
  ResolveMapFds(insns, [&](int index) { return index == 0 ? operands.fd() : results.fd(); });
  runtime::Program program = runtime::LoadProgram(BPF_PROG_TYPE_KPROBE, insns, "usdt_operands");

  std::string path;
  uint64_t offset = 0;
  ASSERT_TRUE(FileSiteOf(reinterpret_cast<const void*>(&UsdtSiteTableTestTarget), &path, &offset));
  std::vector<runtime::UprobeFailure> failures;
  {
    runtime::Attachment a = runtime::AttachUprobes(program.fd(), path, {{offset, 0}}, false,
                                                   getpid(), false, &failures);
    ASSERT_TRUE(failures.empty());
    UsdtSiteTableTestTarget(table, 1, -3, 0x1234567890abcdef);
  }
  std::vector<uint64_t> values(kCount);
  ASSERT_TRUE(results.Lookup(&key, values.data()));
  for (size_t i = 0; i < kCount; ++i)
    EXPECT_EQ(values[i], cases[i].expected) << (cases[i].spec ? cases[i].spec : "(none)");
}

}  // namespace
}  // namespace dt
