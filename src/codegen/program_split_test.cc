// Cutting an attach point's clauses into chained programs: where the cuts
// fall, and that thousands of clauses generate a chain whose programs each
// stay within the limits.
#include "codegen/program_split.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "bpf/builder.h"
#include "codegen/codegen.h"
#include "codegen/compiled_test_util.h"
#include "common/diagnostic.h"

namespace dt {
namespace {

// A program of `clauses` clauses of `size` instructions each after a
// 10-instruction prologue; clause i references map `map_of(i)`.
ProgramDef Synthetic(int clauses, int size, int (*map_of)(int)) {
  bpf::Builder b;
  for (int i = 0; i < 10; ++i) b.MovImm(bpf::R0, 0);
  ProgramDef def;
  for (int c = 0; c < clauses; ++c) {
    def.clause_spans.push_back({static_cast<uint32_t>(b.size()), c, 0, c + 1, "clause"});
    b.LoadMapFd(bpf::R1, map_of(c));  // two instructions
    for (int i = 2; i < size; ++i) b.MovImm(bpf::R0, 0);
  }
  def.insns = b.Finish();
  return def;
}

int SameMap(int) { return 0; }
int OwnMap(int c) { return c + 1; }

TEST(SplitPoints, OneProgramWhenWithinLimits) {
  EXPECT_EQ(SplitPoints(Synthetic(100, 20, SameMap)), (std::vector<size_t>{0}));
}

TEST(SplitPoints, CutsBeforeTheClauseThatCrossesTheInstructionLimit) {
  SplitLimits limits;
  limits.max_insns = 100;
  // 10 + 8 fixed, then 20 per clause: 4 clauses fit (98), the fifth does not.
  std::vector<size_t> starts = SplitPoints(Synthetic(10, 20, SameMap), limits);
  EXPECT_EQ(starts, (std::vector<size_t>{0, 4, 8}));
}

TEST(SplitPoints, CutsBeforeTheClauseThatCrossesTheMapLimit) {
  SplitLimits limits;
  limits.max_maps = 4;  // the prog array leaves 3 for the clauses' own
  std::vector<size_t> starts = SplitPoints(Synthetic(7, 5, OwnMap), limits);
  EXPECT_EQ(starts, (std::vector<size_t>{0, 3, 6}));
}

TEST(SplitPoints, AClauseOverTheLimitGetsAProgramOfItsOwn) {
  SplitLimits limits;
  limits.max_insns = 100;
  std::vector<size_t> starts = SplitPoints(Synthetic(3, 200, SameMap), limits);
  EXPECT_EQ(starts, (std::vector<size_t>{0, 1, 2}));
}

TEST(MapsReferenced, CountsEachMapOnceAndSkipsImmediateHalves) {
  bpf::Builder b;
  b.LoadMapFd(bpf::R1, 3);
  b.LoadMapValueAddr(bpf::R2, 3, 8);
  b.LoadMapFd(bpf::R1, 5);
  b.LoadImm(bpf::R3, 0x1234);  // not a map
  EXPECT_EQ(MapsReferenced(b.Finish(), 0, 8), (std::vector<int>{3, 5}));
}

TEST(ChainedPrograms, TenThousandClausesMakeAChainWithinTheLimits) {
  std::string source = "int x;\n";
  for (int i = 0; i < 10001; ++i) source += "BEGIN { x++; }\n";
  auto c = Compile(source);
  ASSERT_GT(c->out.programs.size(), 1u);
  ASSERT_GE(c->out.prog_array_map, 0);
  EXPECT_EQ(c->out.begin_program, 0);
  EXPECT_TRUE(c->out.programs[0].run_once);
  EXPECT_EQ(c->out.programs[0].tail_call_slot, -1);
  size_t clauses = 0;
  for (size_t i = 0; i < c->out.programs.size(); ++i) {
    const ProgramDef& p = c->out.programs[i];
    EXPECT_LE(p.insns.size(), SplitLimits{}.max_insns) << "program " << i;
    EXPECT_LE(MapsReferenced(p.insns, 0, p.insns.size()).size(), SplitLimits{}.max_maps);
    if (i > 0) {
      EXPECT_GE(p.tail_call_slot, 0);
      EXPECT_EQ(p.tail_call_slot, static_cast<int>(i) - 1);
    }
    clauses += p.clause_spans.size();
  }
  EXPECT_EQ(clauses, 10001u);
  EXPECT_EQ(c->out.maps[c->out.prog_array_map].max_entries, c->out.programs.size() - 1);
}

TEST(ChainedPrograms, ManyAggregationsSpreadOverProgramsOfAtMost64Maps) {
  std::string source;
  for (int i = 0; i < 300; ++i) source += "BEGIN { @a" + std::to_string(i) + " = count(); }\n";
  auto c = Compile(source);
  ASSERT_GT(c->out.programs.size(), 1u);
  for (const ProgramDef& p : c->out.programs)
    EXPECT_LE(MapsReferenced(p.insns, 0, p.insns.size()).size(), 64u);
}

TEST(ChainedPrograms, TooLongAChainIsACompileErrorNamingTheLimit) {
  std::string source;
  for (int i = 0; i < 2500; ++i) source += "BEGIN { @a" + std::to_string(i) + " = count(); }\n";
  try {
    Compile(source);
    FAIL() << "compiled";
  } catch (const CompileError& e) {
    EXPECT_NE(std::string(e.what()).find("the kernel chains at most 34 (33 tail calls)"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace dt
