#include "elf/sdt_fetch.h"

#include <gtest/gtest.h>

#include <cstring>
#include <map>

#include "elf/elf_test_support.h"
#include "elf/proc_maps.h"
#include "elf/stapsdt_notes.h"

namespace dt::elf {
namespace {

using testing::TestBinary;
using testing::TracedProgram;

TEST(SdtFetchTest, ExtendsBySizeAndSignedness) {
  EXPECT_EQ(ExtendSdtValue(0xff, 1, true), ~uint64_t(0));
  EXPECT_EQ(ExtendSdtValue(0xff, 1, false), 0xffu);
  EXPECT_EQ(ExtendSdtValue(0x12345678fffe, 2, true), uint64_t(-2));
  EXPECT_EQ(ExtendSdtValue(0x12345678fffe, 2, false), 0xfffeu);
  EXPECT_EQ(ExtendSdtValue(0xffffffff80000000, 4, true), 0xffffffff80000000u);
  EXPECT_EQ(ExtendSdtValue(0xffffffff80000000, 4, false), 0x80000000u);
  EXPECT_EQ(ExtendSdtValue(0x8000000000000000, 8, false), 0x8000000000000000u);
}

class FakeMemory : public MemoryReader {
 public:
  bool Read(uint64_t addr, void* out, size_t size) override {
    if (addr < base || addr + size > base + sizeof bytes) return false;
    std::memcpy(out, bytes + (addr - base), size);
    return true;
  }
  uint64_t base = 0x10000;
  uint8_t bytes[64] = {};
};

SdtArgument Arg(const std::string& spec) {
  std::string error;
  auto a = ParseSdtArgument(spec, &error);
  EXPECT_TRUE(a) << error;
  return *a;
}

TEST(SdtFetchTest, ReadsRegistersConstantsAndMemory) {
  uint8_t regs[pt_regs::kSize] = {};
  uint64_t rax = 0xfffffffffffffff6;  // -10
  uint64_t rbp = 0x10010, rcx = 3;
  std::memcpy(regs + pt_regs::kRax, &rax, 8);
  std::memcpy(regs + pt_regs::kRbp, &rbp, 8);
  std::memcpy(regs + pt_regs::kRcx, &rcx, 8);
  FakeMemory mem;
  int32_t v = -7;
  std::memcpy(mem.bytes + 0x10 + 8 + 3 * 4, &v, 4);
  SdtFetchContext ctx{regs, &mem, 0, nullptr};
  std::string error;
  EXPECT_EQ(FetchSdtArgument(Arg("-8@%rax"), ctx, &error), uint64_t(-10));
  EXPECT_EQ(FetchSdtArgument(Arg("-4@%eax"), ctx, &error), uint64_t(-10));
  EXPECT_EQ(FetchSdtArgument(Arg("4@%eax"), ctx, &error), 0xfffffff6u);
  EXPECT_EQ(FetchSdtArgument(Arg("1@%al"), ctx, &error), 0xf6u);
  EXPECT_EQ(FetchSdtArgument(Arg("1@%ah"), ctx, &error), 0xffu);
  EXPECT_EQ(FetchSdtArgument(Arg("-4@$-3"), ctx, &error), uint64_t(-3));
  EXPECT_EQ(FetchSdtArgument(Arg("4@$-3"), ctx, &error), 0xfffffffdu);
  EXPECT_EQ(FetchSdtArgument(Arg("-4@8(%rbp,%rcx,4)"), ctx, &error), uint64_t(-7));
  EXPECT_FALSE(FetchSdtArgument(Arg("8@-0x100(%rbp)"), ctx, &error));
  EXPECT_EQ(error, "argument '8@-0x100(%rbp)': cannot read memory at 0xff10");
  EXPECT_FALSE(FetchSdtArgument(Arg("8@missing(%rip)"), ctx, &error));
  EXPECT_EQ(error, "argument '8@missing(%rip)': symbol missing not found");
}

// The proof: stop the real program at each probe site (an int3 over its
// nop) and fetch the arguments from its registers and memory.
void FireAndFetch(const std::string& binary) {
  std::string error;
  auto elf = ElfFile::Open(TestBinary(binary), &error);
  ASSERT_NE(elf, nullptr) << error;
  SymbolTable symbols = SymbolTable::Load(*elf);
  SdtProbes probes = ReadSdtProbes(*elf);
  ASSERT_EQ(probes.probes.size(), 6u);

  TracedProgram p(TestBinary(binary), "x");  // argc == 2
  ASSERT_TRUE(p.at_exec());
  auto maps = ProcessMaps::Read(p.pid(), &error);
  ASSERT_TRUE(maps) << error;
  std::map<uint64_t, const SdtProbe*> by_address;
  uint64_t bias = 0;
  for (const SdtProbe& probe : probes.probes) {
    uint64_t addr = 0;
    for (const Mapping& m : maps->mappings()) {
      if (maps->IsMainExecutable(m) && *probe.pc_file_offset >= m.offset &&
          *probe.pc_file_offset - m.offset < m.end - m.start) {
        addr = m.start + (*probe.pc_file_offset - m.offset);
      }
    }
    ASSERT_NE(addr, 0u) << probe.name;
    bias = addr - probe.pc;
    ASSERT_TRUE(p.PokeByte(addr, 0xcc));
    by_address[addr] = &probe;
  }
  ProcessMemory memory(p.pid());
  std::map<std::string, std::vector<int64_t>> values;
  while (p.ContinueToStop() && p.stop_signal() == SIGTRAP) {
    auto it = by_address.find(p.regs().rip - 1);
    ASSERT_NE(it, by_address.end()) << std::hex << p.regs().rip;
    uint8_t regs[pt_regs::kSize];
    std::memcpy(regs, &p.regs(), sizeof regs);
    SdtFetchContext ctx{regs, &memory, bias, &symbols};
    std::vector<int64_t>& v = values[it->second->name];
    for (const SdtArgument& arg : it->second->arguments) {
      auto value = FetchSdtArgument(arg, ctx, &error);
      ASSERT_TRUE(value) << error;
      v.push_back(int64_t(*value));
    }
    if (it->second->name == "indexed") break;  // the last one
  }
  std::map<std::string, std::vector<int64_t>> want = {
      {"no_args", {}},  {"constant", {5}}, {"sizes", {2, 2, 2, 2000}},
      {"global", {42}}, {"stack", {6}},    {"indexed", {3}},
  };
  EXPECT_EQ(values, want) << binary;
}

TEST(SdtFetchTest, FetchesTheArgumentsOfALiveProbeFiringPie) { FireAndFetch("sdt_target"); }
TEST(SdtFetchTest, FetchesTheArgumentsOfALiveProbeFiringNonPie) {
  FireAndFetch("sdt_target_nopie");
}

}  // namespace
}  // namespace dt::elf
