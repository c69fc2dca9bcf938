// The shape of json()'s code (json_gen.cc): no loop the verifier walks
// turn by turn, one bpf_loop per call, and one step function per program
// whose size does not depend on strsize, so the verifier's work does not
// grow with the strings.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "codegen/codegen.h"
#include "frontend/parser.h"
#include "providers/fake_probes_test_util.h"
#include "sema/analyzer.h"

namespace dt {
namespace {

std::vector<bpf_insn> CompileBegin(const std::string& body, uint64_t strsize) {
  TypeTable types(strsize);
  ProbeRegistry probes = FakeProbeRegistry();
  ProgramInfo info;
  ast::Program program = ParseProgram("BEGIN { " + body + " }", MacroEnv{});
  Analyzer analyzer(types, probes, info, AnalyzerOptions{});
  analyzer.Analyze(program, 0);
  CodegenOptions options;
  options.strsize = strsize;
  options.string_limit = strsize;
  CompiledProgram out = GenerateCode(info, types, options);
  EXPECT_EQ(out.programs.size(), 1u);
  return out.programs.at(0).insns;
}

bool IsFuncAddress(const bpf_insn& insn) {
  return insn.code == (BPF_LD | BPF_IMM | BPF_DW) && insn.src_reg == BPF_PSEUDO_FUNC;
}

// Where the functions bpf_loop calls start.
std::set<size_t> Callbacks(const std::vector<bpf_insn>& insns) {
  std::set<size_t> starts;
  for (size_t i = 0; i < insns.size(); ++i)
    if (IsFuncAddress(insns[i])) starts.insert(i + 1 + static_cast<size_t>(insns[i].imm));
  return starts;
}

int Calls(const std::vector<bpf_insn>& insns, int helper) {
  int n = 0;
  for (const bpf_insn& insn : insns)
    n += insn.code == (BPF_JMP | BPF_CALL) && insn.src_reg == 0 && insn.imm == helper;
  return n;
}

bool HasBackwardJump(const std::vector<bpf_insn>& insns) {
  for (const bpf_insn& insn : insns) {
    uint8_t cls = BPF_CLASS(insn.code);
    if ((cls == BPF_JMP || cls == BPF_JMP32) && BPF_OP(insn.code) != BPF_CALL &&
        BPF_OP(insn.code) != BPF_EXIT && insn.off < 0)
      return true;
  }
  return false;
}

TEST(JsonGenTest, EachCallIsOneBpfLoopOfOneSharedStep) {
  std::vector<bpf_insn> insns = CompileBegin(
      "j = \"{\\\"a\\\":[1]}\"; trace(json(j, \"a[0]\")); trace(json(j, \"a\"));", 256);
  EXPECT_FALSE(HasBackwardJump(insns));
  EXPECT_EQ(Calls(insns, BPF_FUNC_loop), 2);
  EXPECT_EQ(Callbacks(insns).size(), 1u);
}

TEST(JsonGenTest, TheStepDoesNotGrowWithStrsize) {
  // The step runs from its start to the end of the program (it is the
  // only function after the main one).
  size_t step_size[2];
  int i = 0;
  for (uint64_t strsize : {64u, 4096u}) {
    std::vector<bpf_insn> insns =
        CompileBegin("j = \"[1]\"; s = \"0\"; trace(json(j, s));", strsize);
    std::set<size_t> starts = Callbacks(insns);
    ASSERT_EQ(starts.size(), 1u);
    step_size[i++] = insns.size() - *starts.begin();
  }
  EXPECT_EQ(step_size[0], step_size[1]);
  EXPECT_LT(step_size[0], 1000u);
}

}  // namespace
}  // namespace dt
