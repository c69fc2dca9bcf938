// The program surgery ExplainVerifierCost() measures with: prefixes whose
// jumps past the cut land on an exit, and code replaced by no-ops.
#include "cli/verifier_cost.h"

#include <gtest/gtest.h>

#include "bpf/builder.h"
#include "bpf/disasm.h"

namespace dt {
namespace {

using namespace bpf;

// 0: r0 = 1; 1: if r0 == 0 goto 5; 2: r0 = 2; 3: goto 6; 4: r0 = 3;
// 5: r0 = 4; 6: exit
std::vector<bpf_insn> Branchy() {
  Builder b;
  Label five = b.NewLabel(), six = b.NewLabel();
  b.MovImm(R0, 1);
  b.JumpIfImm(BPF_JEQ, R0, 0, five);
  b.MovImm(R0, 2);
  b.Jump(six);
  b.MovImm(R0, 3);
  b.Bind(five);
  b.MovImm(R0, 4);
  b.Bind(six);
  b.Exit();
  return b.Finish();
}

TEST(ProgramPrefix, JumpsPastTheCutLandOnTheAddedExit) {
  std::vector<bpf_insn> p = ProgramPrefix(Branchy(), 4);
  ASSERT_EQ(p.size(), 6u);
  EXPECT_EQ(p[1].off, 2);  // was +3 (to 5), now to 4: the added "r0 = 0"
  EXPECT_EQ(p[3].off, 0);  // was +2 (to 6)
  EXPECT_EQ(p[4].code, BPF_ALU64 | BPF_MOV | BPF_K);
  EXPECT_EQ(p[4].imm, 0);
  EXPECT_EQ(p[5].code, BPF_JMP | BPF_EXIT);
}

TEST(ProgramPrefix, JumpsBeforeTheCutStay) {
  std::vector<bpf_insn> p = ProgramPrefix(Branchy(), 6);
  EXPECT_EQ(p[1].off, 3);
  EXPECT_EQ(p[3].off, 2);  // to 6: the added exit's "r0 = 0"
}

TEST(ProgramPrefix, ACutAtTheEndIsTheProgram) {
  std::vector<bpf_insn> whole = Branchy();
  std::vector<bpf_insn> p = ProgramPrefix(whole, whole.size());
  EXPECT_EQ(DisassembleBpf(p), DisassembleBpf(whole));
}

TEST(WithoutCode, ReplacesTheRangeWithNoOps) {
  std::vector<bpf_insn> p = WithoutCode(Branchy(), 2, 5);
  for (size_t i = 2; i < 5; ++i) {
    EXPECT_EQ(p[i].code, BPF_JMP | BPF_JA) << i;
    EXPECT_EQ(p[i].off, 0) << i;
  }
  EXPECT_EQ(p[1].off, 3);
  EXPECT_EQ(p[5].imm, 4);
}

}  // namespace
}  // namespace dt
