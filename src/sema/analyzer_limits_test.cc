// Semantic analysis under hostile input: constant division by zero, and
// nesting that only appears when translators are expanded.
#include <gtest/gtest.h>

#include <string>

#include "common/diagnostic.h"
#include "common/nesting.h"
#include "frontend/parser.h"
#include "providers/fake_probes_test_util.h"
#include "sema/analyzer.h"

namespace dt {
namespace {

CompileError Error(const std::string& source) {
  TypeTable types;
  ProbeRegistry probes = FakeProbeRegistry();
  ProgramInfo info;
  try {
    ast::Program program = ParseProgram(source, MacroEnv{});
    Analyzer analyzer(types, probes, info, AnalyzerOptions{});
    analyzer.Analyze(program, 0);
  } catch (const CompileError& e) {
    return e;
  }
  return CompileError("", 0, "no error");
}

TEST(AnalyzerLimits, ConstantDivisionByZeroIsAnError) {
  for (const char* body :
       {"trace(x / 0);", "trace(x % (1 - 1));", "x /= 0;", "x %= 0;", "trace(x / (0 ? 1 : 0));"}) {
    CompileError e = Error(std::string("BEGIN { x = 1;\n") + body + " }");
    EXPECT_EQ(e.tag(), "D_DIV_ZERO") << body;
    EXPECT_STREQ(e.what(), "expression contains division by zero") << body;
    EXPECT_EQ(e.line(), 2) << body;
  }
  // A divisor that is zero only at run time faults there (ERROR probe).
  EXPECT_EQ(Error("BEGIN { x = 0; trace(1 / x); }").tag(), "");
}

// Aggregation parameters and enumerators are constant expressions, folded
// through inlines and earlier enumerators.
TEST(AnalyzerLimits, ConstantsFoldThroughInlinesAndEnums) {
  const std::string decls = "inline int N = 4; enum e { A = N * 2 }; enum f { B = -A };\n";
  EXPECT_EQ(Error(decls + "BEGIN { @ = lquantize(1, B, A, N); }").tag(), "");
  CompileError e = Error(decls + "BEGIN { @ = lquantize(1, 0, A, N * 4); }");
  EXPECT_EQ(e.tag(), "D_LQUANT_STEPLARGE");
  EXPECT_EQ(Error(decls + "BEGIN { @ = lquantize(1, 0, A, N - 4); }").tag(), "D_LQUANT_STEPTYPE");
}

// A translator member defined through itself used to recurse until the
// stack overflowed.
TEST(AnalyzerLimits, SelfReferentialTranslatorIsTooComplex) {
  CompileError e = Error(
      "struct o { int a; };\n"
      "translator struct o < int x > { a = xlate<struct o>(x).a; };\n"
      "BEGIN { trace(xlate<struct o>(1).a); }");
  EXPECT_EQ(e.tag(), "D_NESTING");
  EXPECT_EQ(Nesting::Depth(), 0);
}

}  // namespace
}  // namespace dt
