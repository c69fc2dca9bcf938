// lquantize() and llquantize() parameters: DTrace's rules, tags and
// messages, so that accepted parameters never overflow (llquantize(1, 10,
// 0, 18, 10) once hung computing its buckets).
#include <gtest/gtest.h>

#include <string>

#include "common/diagnostic.h"
#include "frontend/parser.h"
#include "providers/fake_probes_test_util.h"
#include "sema/analyzer.h"

namespace dt {
namespace {

struct Result {
  std::string tag;
  std::string message;
  int64_t params[4] = {0, 0, 0, 0};
};

Result Aggregate(const std::string& call) {
  TypeTable types;
  ProbeRegistry probes = FakeProbeRegistry();
  ProgramInfo info;
  Result r;
  try {
    ast::Program program = ParseProgram("BEGIN { x = 1;\n@ = " + call + "; }", MacroEnv{});
    Analyzer analyzer(types, probes, info, AnalyzerOptions{});
    analyzer.Analyze(program, 0);
    std::copy(info.aggregations.at(0).params, info.aggregations.at(0).params + 4, r.params);
  } catch (const CompileError& e) {
    r.tag = e.tag();
    r.message = e.what();
  }
  return r;
}

TEST(LquantizeParams, Accepted) {
  Result r = Aggregate("lquantize(x, -10, 10, 2)");
  EXPECT_EQ(r.tag, "");
  EXPECT_EQ(r.params[0], -10);
  EXPECT_EQ(r.params[1], 10);
  EXPECT_EQ(r.params[2], 2);
  r = Aggregate("lquantize(x, 0, 100)");  // the step defaults to 1
  EXPECT_EQ(r.tag, "");
  EXPECT_EQ(r.params[2], 1);
  EXPECT_EQ(Aggregate("lquantize(x, 0, 1 << 10, 1 << 2)").params[1], 1024);  // folded
}

TEST(LquantizeParams, DTracesRules) {
  struct Case {
    const char* call;
    const char* tag;
    const char* message;
  } cases[] = {
      {"lquantize(x, x, 10)", "D_LQUANT_BASETYPE",
       "lquantize( ) argument #1 must be an integer constant"},
      {"lquantize(x, 0x80000000, 10)", "D_LQUANT_BASEVAL",
       "lquantize( ) argument #1 must be a 32-bit quantity"},
      {"lquantize(x, 0, x)", "D_LQUANT_LIMTYPE",
       "lquantize( ) argument #2 must be an integer constant"},
      {"lquantize(x, 0, -0x80000001l)", "D_LQUANT_LIMVAL",
       "lquantize( ) argument #2 must be a 32-bit quantity"},
      {"lquantize(x, 10, 0)", "D_LQUANT_MISMATCH",
       "lquantize( ) base (argument #1) must be less than limit (argument #2)"},
      {"lquantize(x, 0, 10, 0)", "D_LQUANT_STEPTYPE",
       "lquantize( ) argument #3 must be a non-zero positive integer constant"},
      {"lquantize(x, 0, 10, -1)", "D_LQUANT_STEPTYPE",
       "lquantize( ) argument #3 must be a non-zero positive integer constant"},
      {"lquantize(x, 0, 10, 65536)", "D_LQUANT_STEPVAL",
       "lquantize( ) argument #3 must be a 16-bit quantity"},
      {"lquantize(x, 0, 10, 11)", "D_LQUANT_STEPLARGE",
       "lquantize( ) step (argument #3) too large: must have at least one quantization level"},
      {"lquantize(x, 5, 5)", "D_LQUANT_STEPLARGE",
       "lquantize( ) step (argument #3) too large: must have at least one quantization level"},
      {"lquantize(x, -0x7fffffff, 0x7fffffff)", "D_LQUANT_STEPSMALL",
       "lquantize( ) step (argument #3) too small: number of quantization levels must be a "
       "16-bit quantity"},
      {"lquantize(x, 0, 10 / 0)", "D_DIV_ZERO", "expression contains division by zero"},
  };
  for (const Case& c : cases) {
    Result r = Aggregate(c.call);
    EXPECT_EQ(r.tag, c.tag) << c.call;
    EXPECT_EQ(r.message, c.message) << c.call;
  }
}

TEST(LlquantizeParams, Accepted) {
  Result r = Aggregate("llquantize(x, 10, 0, 17, 10)");  // 10^19 still fits 64 bits
  EXPECT_EQ(r.tag, "");
  EXPECT_EQ(r.params[0], 10);
  EXPECT_EQ(r.params[2], 17);
  EXPECT_EQ(Aggregate("llquantize(x, 2, 0, 61, 4)").tag, "");
  EXPECT_EQ(Aggregate("llquantize(x, 10, 3, 6, 100)").tag, "");
  EXPECT_EQ(Aggregate("llquantize(x, 4, 0, 5, 8)").tag, "");  // 8 divides 4^2
}

TEST(LlquantizeParams, DTracesRules) {
  struct Case {
    const char* call;
    const char* tag;
    const char* message;
  } cases[] = {
      {"llquantize(x, x, 0, 1, 10)", "D_LLQUANT_FACTORTYPE",
       "llquantize( ) argument #1 (factor) must be an integer constant"},
      {"llquantize(x, 65536, 0, 1, 10)", "D_LLQUANT_FACTORVAL",
       "llquantize( ) argument #1 (factor) must be an unsigned 16-bit quantity"},
      {"llquantize(x, 10, -1, 1, 10)", "D_LLQUANT_LOWVAL",
       "llquantize( ) argument #2 (low magnitude) must be an unsigned 16-bit quantity"},
      {"llquantize(x, 10, 0, x, 10)", "D_LLQUANT_HIGHTYPE",
       "llquantize( ) argument #3 (high magnitude) must be an integer constant"},
      {"llquantize(x, 10, 0, 1, 70000)", "D_LLQUANT_NSTEPVAL",
       "llquantize( ) argument #4 (linear steps per magnitude) must be an unsigned 16-bit "
       "quantity"},
      {"llquantize(x, 1, 0, 1, 10)", "D_LLQUANT_FACTORSMALL",
       "llquantize( ) factor (argument #1) must be two or more"},
      {"llquantize(x, 10, 5, 5, 10)", "D_LLQUANT_MAGRANGE",
       "llquantize( ) high magnitude (argument #3) must be greater than low magnitude "
       "(argument #2)"},
      {"llquantize(x, 10, 0, 5, 5)", "D_LLQUANT_FACTORNSTEPS",
       "llquantize( ) factor (argument #1) must be less than or equal to the number of linear "
       "steps per magnitude (argument #4)"},
      {"llquantize(x, 10, 0, 5, 15)", "D_LLQUANT_FACTOREVEN",
       "llquantize( ) factor (argument #1) must evenly divide the number of steps per "
       "magnitude (argument #4), and the number of steps per magnitude must evenly divide a "
       "power of the factor"},
      {"llquantize(x, 4, 0, 5, 12)", "D_LLQUANT_FACTOREVEN",
       "llquantize( ) factor (argument #1) must evenly divide the number of steps per "
       "magnitude (argument #4), and the number of steps per magnitude must evenly divide a "
       "power of the factor"},
      {"llquantize(x, 10, 0, 18, 10)", "D_LLQUANT_MAGTOOBIG",
       "llquantize( ) factor (10) raised to power of high magnitude (18) plus 1 overflows "
       "64-bits"},
      {"llquantize(x, 2, 0, 62, 2)", "D_LLQUANT_MAGTOOBIG",
       "llquantize( ) factor (2) raised to power of high magnitude (62) plus 1 overflows "
       "64-bits"},
      {"llquantize(x, 65535, 0, 65535, 65535)", "D_LLQUANT_MAGTOOBIG",
       "llquantize( ) factor (65535) raised to power of high magnitude (65535) plus 1 "
       "overflows 64-bits"},
  };
  for (const Case& c : cases) {
    Result r = Aggregate(c.call);
    EXPECT_EQ(r.tag, c.tag) << c.call;
    EXPECT_EQ(r.message, c.message) << c.call;
  }
}

TEST(QuantizeParams, ErrorsAreAtTheAggregationsLine) {
  TypeTable types;
  ProbeRegistry probes = FakeProbeRegistry();
  ProgramInfo info;
  ast::Program program =
      ParseProgram("BEGIN {\n\n @ = llquantize(1, 10, 0, 18, 10); }", MacroEnv{});
  Analyzer analyzer(types, probes, info, AnalyzerOptions{});
  try {
    analyzer.Analyze(program, 0);
    FAIL() << "no error";
  } catch (const CompileError& e) {
    EXPECT_EQ(e.line(), 3);
  }
}

}  // namespace
}  // namespace dt
