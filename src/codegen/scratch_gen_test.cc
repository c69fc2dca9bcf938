// The bounds checks of scratch memory (scratch_gen.cc), on the
// instructions: every store through a computed scratch address is preceded
// by the unsigned comparison that keeps it inside the clause's arena (the
// check DTrace makes and the bound the verifier needs), wider stores by an
// alignment test, and the limits follow -x scratchsize. The e2e cases in
// tests/e2e/cases/scratch/ run them.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "codegen/codegen.h"
#include "codegen/function_gen.h"
#include "frontend/parser.h"
#include "providers/fake_probes_test_util.h"
#include "sema/analyzer.h"

namespace dt {
namespace {

std::vector<bpf_insn> CompileBegin(const std::string& body, uint64_t scratchsize = 0) {
  TypeTable types;
  ProbeRegistry probes = FakeProbeRegistry();
  ProgramInfo info;
  // i and n: integers the compiler cannot know.
  ast::Program program = ParseProgram("BEGIN { i = 1; n = 2; " + body + " }", MacroEnv{});
  Analyzer analyzer(types, probes, info, AnalyzerOptions{});
  analyzer.Analyze(program, 0);
  CodegenOptions options;
  if (scratchsize > 0) options.scratchsize = scratchsize;
  CompiledProgram out = GenerateCode(info, types, options);
  EXPECT_EQ(out.programs.size(), 1u);
  return out.programs.at(0).insns;
}

bool IsMemStore(const bpf_insn& i) {
  return BPF_CLASS(i.code) == BPF_STX && BPF_MODE(i.code) == BPF_MEM;
}

int StoreWidth(const bpf_insn& i) {
  switch (BPF_SIZE(i.code)) {
    case BPF_B:
      return 1;
    case BPF_H:
      return 2;
    case BPF_W:
      return 4;
    default:
      return 8;
  }
}

// `if rX > imm goto` (unsigned, against a constant).
std::optional<int32_t> UnsignedBoundOf(const bpf_insn& i, int reg) {
  if (i.code == (BPF_JMP | BPF_JGT | BPF_K) && i.dst_reg == reg) return i.imm;
  return std::nullopt;
}

struct ScratchStore {
  size_t at;
  int width;
  std::optional<int32_t> bound;  // the unsigned bound of the offset added to r7
  bool alignment_tested = false;
};

// Stores through a register computed as r7 + rX: the address of a scratch
// object that only a run-time check can place.
std::vector<ScratchStore> ScratchStores(const std::vector<bpf_insn>& insns) {
  std::vector<ScratchStore> out;
  for (size_t i = 0; i < insns.size(); ++i) {
    const bpf_insn& st = insns[i];
    if (!IsMemStore(st) || st.dst_reg == 10 || st.dst_reg == 7) continue;
    // Back to `rD += rX` right after `rD = r7`.
    for (size_t j = i; j-- > 1;) {
      const bpf_insn& add = insns[j];
      const bpf_insn& mov = insns[j - 1];
      if (add.code != (BPF_ALU64 | BPF_ADD | BPF_X) || add.dst_reg != st.dst_reg) continue;
      if (mov.code != (BPF_ALU64 | BPF_MOV | BPF_X) || mov.dst_reg != st.dst_reg ||
          mov.src_reg != 7)
        break;
      ScratchStore s{i, StoreWidth(st), std::nullopt, false};
      for (size_t k = j; k-- > 0 && !s.bound;) s.bound = UnsignedBoundOf(insns[k], add.src_reg);
      for (size_t k = j; k-- > 0 && k + 12 > j;) {
        if (insns[k].code == (BPF_ALU64 | BPF_AND | BPF_K) && insns[k].imm == s.width - 1)
          s.alignment_tested = true;
      }
      out.push_back(s);
      break;
    }
  }
  return out;
}

TEST(ScratchGenTest, EveryStoreIsBoundedToTheArenaLessItsWidth) {
  struct Case {
    const char* body;
    int width;
  };
  const Case cases[] = {
      {"p = (char *)alloca(8); p[i] = 1;", 1},
      {"p = (short *)alloca(8); p[i] = 1;", 2},
      {"p = (int *)alloca(8); *(p + i) = 1;", 4},
      {"p = (long *)alloca(16); p[i] += 1;", 8},
      {"this->p = (long *)copyin(arg0, 16); this->p[1]++;", 8},
  };
  for (uint64_t arena : {uint64_t{8192}, uint64_t{64}}) {
    for (const Case& c : cases) {
      SCOPED_TRACE(std::string(c.body) + " scratchsize " + std::to_string(arena));
      std::vector<ScratchStore> stores = ScratchStores(CompileBegin(c.body, arena));
      ASSERT_EQ(stores.size(), 1u);
      EXPECT_EQ(stores[0].width, c.width);
      ASSERT_TRUE(stores[0].bound);
      EXPECT_EQ(*stores[0].bound, static_cast<int32_t>(arena) - c.width);
      EXPECT_EQ(stores[0].alignment_tested, c.width > 1);
    }
  }
}

TEST(ScratchGenTest, CopiesIntoScratchAreBoundedTwice) {
  // bcopy() and copyinto(): the size, the destination's offset and their
  // sum are each compared with the arena's size before the helper runs.
  for (const char* body : {"p = (char *)alloca(8); bcopy(arg0, p + i, n);",
                           "p = (char *)alloca(8); copyinto(arg0, n, p + i);"}) {
    SCOPED_TRACE(body);
    std::vector<bpf_insn> insns = CompileBegin(body, 64);
    int bounds = 0;
    for (const bpf_insn& i : insns) bounds += i.code == (BPF_JMP | BPF_JGT | BPF_K) && i.imm == 64;
    // alloca(): the size, the bump pointer, the new end; then the copy's three.
    EXPECT_EQ(bounds, 6);
  }
}

TEST(ScratchGenTest, TheArenaIsCappedAndTakesTwiceItsSizeOfScratch) {
  std::vector<bpf_insn> capped = CompileBegin("p = (char *)alloca(i); p[0] = 1;", 1 << 20);
  bool found = false;
  for (const bpf_insn& i : capped)
    found |= i.code == (BPF_JMP | BPF_JGT | BPF_K) && i.imm == static_cast<int32_t>(kMaxArenaSize);
  EXPECT_TRUE(found);
}

TEST(ScratchGenTest, ClausesWithoutScratchMemoryAreUnchanged) {
  // The arena is reserved only where a clause allocates or stores.
  for (const char* body : {"trace(1);", "x = copyin(arg0, 8); trace(stringof(x));",
                           "trace(strstr(\"ab\", \"b\") != 0);"}) {
    SCOPED_TRACE(body);
    std::vector<bpf_insn> a = CompileBegin(body, 64);
    std::vector<bpf_insn> b = CompileBegin(body, 4096);
    ASSERT_EQ(a.size(), b.size());
    for (size_t i = 0; i < a.size(); ++i) {
      EXPECT_EQ(a[i].code, b[i].code) << i;
      EXPECT_EQ(a[i].imm, b[i].imm) << i;
      EXPECT_EQ(a[i].off, b[i].off) << i;
    }
  }
}

}  // namespace
}  // namespace dt
