// The shape of the code the string and byte-order subroutines generate:
// what keeps the verifier's work linear (string_gen.cc) is checked here
// on the instructions, since a load test only notices when it is too late.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "codegen/codegen.h"
#include "frontend/parser.h"
#include "providers/fake_probes_test_util.h"
#include "sema/analyzer.h"

namespace dt {
namespace {

std::vector<bpf_insn> CompileBegin(const std::string& body) {
  TypeTable types;
  ProbeRegistry probes = FakeProbeRegistry();
  ProgramInfo info;
  ast::Program program = ParseProgram("BEGIN { " + body + " }", MacroEnv{});
  Analyzer analyzer(types, probes, info, AnalyzerOptions{});
  analyzer.Analyze(program, 0);
  CompiledProgram out = GenerateCode(info, types, CodegenOptions{});
  EXPECT_EQ(out.programs.size(), 1u);
  return out.programs.at(0).insns;
}

bool IsConditionalJump(const bpf_insn& insn) {
  if (BPF_CLASS(insn.code) != BPF_JMP && BPF_CLASS(insn.code) != BPF_JMP32) return false;
  uint8_t op = BPF_OP(insn.code);
  return op != BPF_JA && op != BPF_CALL && op != BPF_EXIT;
}

struct Loop {
  size_t head;       // first instruction of the body
  size_t back_edge;  // the jump back to it
};

std::vector<Loop> Loops(const std::vector<bpf_insn>& insns) {
  std::vector<Loop> loops;
  for (size_t i = 0; i < insns.size(); ++i) {
    if (BPF_CLASS(insns[i].code) == BPF_JMP && BPF_OP(insns[i].code) != BPF_CALL &&
        insns[i].off < 0)
      loops.push_back({i + 1 + insns[i].off, i});
  }
  return loops;
}

// Conditional jumps inside the loop's body, its back edge left out.
int BranchesInBody(const std::vector<bpf_insn>& insns, const Loop& loop) {
  int n = 0;
  for (size_t i = loop.head; i < loop.back_edge; ++i) n += IsConditionalJump(insns[i]);
  return n;
}

TEST(StringGenTest, ByteLoopsHaveNoBranchButTheirBackEdge) {
  // A branch on a byte would give the verifier two paths per byte.
  for (const char* call : {"toupper(s)", "tolower(s)"}) {
    SCOPED_TRACE(call);
    std::vector<bpf_insn> insns = CompileBegin(std::string("s = \"a/b\"; trace(") + call + ");");
    std::vector<Loop> loops = Loops(insns);
    ASSERT_EQ(loops.size(), 1u);
    EXPECT_TRUE(IsConditionalJump(insns[loops[0].back_edge]));
    EXPECT_EQ(BranchesInBody(insns, loops[0]), 0);
  }
}

TEST(StringGenTest, PathLoopsBranchOnlyToLeaveAtTheNul) {
  // basename() and dirname() stop at the NUL: one branch, whose fall-through
  // leaves the loop (the verifier walks it first, so no path is left
  // pending per byte), and nothing else but the back edge.
  for (const char* call : {"basename(s)", "dirname(s)"}) {
    SCOPED_TRACE(call);
    std::vector<bpf_insn> insns = CompileBegin(std::string("s = \"a/b\"; trace(") + call + ");");
    std::vector<Loop> loops = Loops(insns);
    ASSERT_EQ(loops.size(), 1u);
    EXPECT_TRUE(IsConditionalJump(insns[loops[0].back_edge]));
    ASSERT_EQ(BranchesInBody(insns, loops[0]), 1);
    for (size_t i = loops[0].head; i < loops[0].back_edge; ++i) {
      if (!IsConditionalJump(insns[i])) continue;
      EXPECT_EQ(insns[i].code, BPF_JMP | BPF_JNE | BPF_K);
      EXPECT_EQ(insns[i].imm, 0);
      const bpf_insn& exit = insns[i + 1];
      EXPECT_EQ(exit.code, BPF_JMP | BPF_JA);
      EXPECT_GT(i + 1 + exit.off + 1, loops[0].back_edge);
    }
  }
}

TEST(StringGenTest, LltostrDigitLoopOnlyStopsWhenTheValueIsUsedUp) {
  std::vector<bpf_insn> insns = CompileBegin("x = 12; trace(lltostr(x, 16));");
  std::vector<Loop> loops = Loops(insns);
  ASSERT_EQ(loops.size(), 1u);
  EXPECT_EQ(BranchesInBody(insns, loops[0]), 1);
}

TEST(StringGenTest, JoinAndSubstringHaveNoLoop) {
  EXPECT_TRUE(Loops(CompileBegin("s = \"ab\"; trace(strjoin(s, s));")).empty());
  EXPECT_TRUE(Loops(CompileBegin("s = \"ab\"; trace(substr(s, 1, 1));")).empty());
}

TEST(StringGenTest, ByteOrderIsOneSwapOfTheParameterWidth) {
  for (auto [call, bits] : {std::pair{"htons", 16},
                            {"ntohs", 16},
                            {"htonl", 32},
                            {"ntohl", 32},
                            {"htonll", 64},
                            {"ntohll", 64}}) {
    SCOPED_TRACE(call);
    std::vector<bpf_insn> insns = CompileBegin(std::string("x = 1; trace(") + call + "(x));");
    int swaps = 0;
    for (const bpf_insn& insn : insns) {
      if (insn.code != (BPF_ALU | BPF_END | BPF_TO_BE)) continue;
      ++swaps;
      EXPECT_EQ(insn.imm, bits);
    }
    EXPECT_EQ(swaps, 1);
  }
}

}  // namespace
}  // namespace dt
