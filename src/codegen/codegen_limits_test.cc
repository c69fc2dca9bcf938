// Code generation under hostile input: expansion deeper or larger than the
// program as written, and aggregations larger than a per-CPU map value.
#include <gtest/gtest.h>

#include <string>

#include "bpf/builder.h"
#include "codegen/codegen.h"
#include "common/diagnostic.h"
#include "common/nesting.h"
#include "frontend/parser.h"
#include "providers/fake_probes_test_util.h"
#include "sema/analyzer.h"

namespace dt {
namespace {

// The error compiling `source` gives, "" when it compiles.
std::string CompileErrorTag(const std::string& source, std::string* message = nullptr) {
  TypeTable types;
  ProbeRegistry probes = FakeProbeRegistry();
  ProgramInfo info;
  try {
    ast::Program program = ParseProgram(source, MacroEnv{});
    Analyzer analyzer(types, probes, info, AnalyzerOptions{});
    analyzer.Analyze(program, 0);
    GenerateCode(info, types, CodegenOptions{});
  } catch (const CompileError& e) {
    if (message) *message = e.what();
    return e.tag();
  }
  return "";
}

// Each inline is checked once, shallow; the code generator expands them
// where they are used, one inside the other.
TEST(CodegenLimits, InlineChainsAreBoundedWhereTheyAreExpanded) {
  std::string source = "inline int i0 = 1;\n";
  for (int i = 1; i < 2000; i++)
    source += "inline int i" + std::to_string(i) + " = i" + std::to_string(i - 1) + ";\n";
  source += "BEGIN { trace(i1999); }";
  EXPECT_EQ(CompileErrorTag(source), "D_NESTING");
  EXPECT_EQ(Nesting::Depth(), 0);
}

// Thirty inlines that each use the one before twice ask for 2^30 copies
// of it: stopped at a few times the kernel's limit on a program's length,
// not when memory runs out.
TEST(CodegenLimits, ExponentialInlineExpansionIsTooLarge) {
  std::string source = "inline int i0 = 1;\n";
  for (int i = 1; i <= 30; i++) {
    std::string prev = "i" + std::to_string(i - 1);
    source += "inline int i" + std::to_string(i) + " = " + prev + " + " + prev + ";\n";
  }
  source += "BEGIN { trace(i30); }";
  std::string message;
  EXPECT_EQ(CompileErrorTag(source, &message), "D_DIF_TOOBIG");
  EXPECT_EQ(message, "program too large: code generation passed " +
                         std::to_string(bpf::Builder::kMaxInsns) +
                         " BPF instructions (the kernel loads at most 1000000)");
}

// The kernel refuses per-CPU map values over 32 KiB: an lquantize() of
// more than 4094 levels (plus the two out-of-range buckets) once compiled
// and then failed with a bare E2BIG when its map was created.
TEST(CodegenLimits, AggregationsLargerThanAPerCpuValueAreRefused) {
  EXPECT_EQ(CompileErrorTag("BEGIN { @ = lquantize(1, 0, 4094, 1); }"), "");
  std::string message;
  EXPECT_EQ(CompileErrorTag("BEGIN {\n@ = lquantize(1, 0, 4095, 1); }", &message),
            "D_LQUANT_STEPSMALL");
  EXPECT_EQ(message,
            "lquantize( ) step (argument #3) too small: 4095 quantization levels need 32776 "
            "bytes per CPU, more than the 32768 bytes the kernel allows a per-CPU map value "
            "(at most 4094 levels)");
  EXPECT_EQ(CompileErrorTag("BEGIN { @ = llquantize(1, 2, 0, 61, 32768); }", &message),
            "D_LLQUANT_NSTEPVAL");
  EXPECT_EQ(message,
            "llquantize( ) parameters give 802817 buckets, which need 6422536 bytes per CPU, "
            "more than the 32768 bytes the kernel allows a per-CPU map value (at most 4096 "
            "buckets)");
  EXPECT_EQ(CompileErrorTag("BEGIN { @ = llquantize(1, 10, 0, 17, 10); }"), "");
}

// trunc()'s count is folded like any constant: -INT64_MIN used to overflow.
TEST(CodegenLimits, TruncOfTheMostNegativeCountCompiles) {
  EXPECT_EQ(CompileErrorTag("BEGIN { @ = count(); trunc(@, -0x8000000000000000); }"), "");
}

}  // namespace
}  // namespace dt
