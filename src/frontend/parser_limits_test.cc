// The parser under hostile input: nesting deep enough to overflow the
// stack once (common/nesting.h), and tokens too long to echo whole.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "common/diagnostic.h"
#include "common/nesting.h"
#include "frontend/parser.h"

namespace dt {
namespace {

std::string Repeat(const std::string& s, int n) {
  std::string out;
  out.reserve(s.size() * n);
  for (int i = 0; i < n; i++) out += s;
  return out;
}

// Every construct the parser nests or chains, `n` deep.
struct Construct {
  const char* name;
  std::function<std::string(int)> program;
};

const Construct kConstructs[] = {
    {"parentheses",
     [](int n) { return "BEGIN { trace(" + Repeat("(", n) + "1" + Repeat(")", n) + "); }"; }},
    {"unary minus", [](int n) { return "BEGIN { trace(" + Repeat("- ", n) + "1); }"; }},
    {"decrements", [](int n) { return "BEGIN { trace(" + Repeat("--", n) + "x); }"; }},
    {"logical not", [](int n) { return "BEGIN { trace(" + Repeat("!", n) + "1); }"; }},
    {"casts", [](int n) { return "BEGIN { trace(" + Repeat("(int)", n) + "1); }"; }},
    {"sizeof", [](int n) { return "BEGIN { trace(" + Repeat("sizeof ", n) + "1); }"; }},
    {"blocks", [](int n) { return "BEGIN { " + Repeat("{", n) + Repeat("}", n) + " }"; }},
    {"if", [](int n) { return "BEGIN { " + Repeat("if (1) ", n) + "x = 1; }"; }},
    {"else if", [](int n) { return "BEGIN { " + Repeat("if (1) {} else ", n) + "{} }"; }},
    {"sum chain", [](int n) { return "BEGIN { trace(" + Repeat("1 + ", n) + "1); }"; }},
    {"or chain", [](int n) { return "BEGIN /" + Repeat("x == 1 || ", n) + "1/ { }"; }},
    {"right-nested sums",
     [](int n) { return "BEGIN { trace(" + Repeat("1 + (", n) + "1" + Repeat(")", n) + "); }"; }},
    {"index chain", [](int n) { return "BEGIN { trace(x" + Repeat("[1]", n) + "); }"; }},
    {"member chain", [](int n) { return "BEGIN { trace(x" + Repeat("->y", n) + "); }"; }},
    {"conditionals", [](int n) { return "BEGIN { trace(" + Repeat("1 ? 1 : ", n) + "1); }"; }},
    {"assignments", [](int n) { return "BEGIN { " + Repeat("x = ", n) + "1; }"; }},
    {"commas", [](int n) { return "BEGIN { " + Repeat("1, ", n) + "1; }"; }},
    {"call arguments",
     [](int n) { return "BEGIN { trace(" + Repeat("f(", n) + "1" + Repeat(")", n) + "); }"; }},
    {"structs",
     [](int n) {
       return "struct s { " + Repeat("struct { ", n) + "int x; " + Repeat("} m; ", n) + "};";
     }},
    {"pointers", [](int n) { return "int " + Repeat("*", n) + "p;"; }},
    {"array dimensions", [](int n) { return "int a" + Repeat("[1]", n) + ";"; }},
    {"dimensions in dimensions",
     [](int n) { return "int a" + Repeat("[sizeof(int", n) + "[1]" + Repeat(")]", n) + ";"; }},
    {"enumerator values",
     [](int n) {
       return "enum e { a = " + Repeat("sizeof(enum { b = ", n) + "1" + Repeat(" })", n) + " };";
     }},
};

std::string ErrorTag(const std::string& src) {
  try {
    ParseProgram(src, MacroEnv{});
  } catch (const CompileError& e) {
    return e.tag();
  }
  return "";
}

// A construct may cost several levels (a dimension inside a dimension is a
// dimension, a sizeof and a type name), so a fifth of the limit always fits.
TEST(ParserLimits, ModerateNestingParses) {
  for (const Construct& c : kConstructs) {
    EXPECT_NE(ErrorTag(c.program(kMaxNesting / 5)), "D_NESTING") << c.name;
  }
  // The simple ones cost one level each (trace(...) as a statement takes 3).
  EXPECT_EQ(ErrorTag(kConstructs[0].program(kMaxNesting - 3)), "");
  EXPECT_EQ(ErrorTag(kConstructs[9].program(kMaxNesting - 3)), "");
  EXPECT_EQ(ErrorTag(kConstructs[10].program(kMaxNesting - 3)), "");
}

TEST(ParserLimits, NestingPastTheLimitIsAnError) {
  for (const Construct& c : kConstructs) {
    for (int n : {kMaxNesting + 1, 100000}) {
      try {
        ParseProgram(c.program(n), MacroEnv{});
        ADD_FAILURE() << c.name << " " << n << ": no error";
      } catch (const CompileError& e) {
        EXPECT_EQ(e.tag(), "D_NESTING") << c.name << " " << n << ": " << e.what();
        EXPECT_EQ(e.line(), 1);
      }
      EXPECT_EQ(Nesting::Depth(), 0) << c.name;
    }
  }
}

// A chain is built by a loop, not by recursion, but it is as deep a tree for
// every stage after the parser (and for the tree's own destructor).
TEST(ParserLimits, ChainsAreBoundedToo) {
  EXPECT_EQ(ErrorTag("BEGIN { trace(" + Repeat("1+", 300000) + "1); }"), "D_NESTING");
  EXPECT_EQ(ErrorTag("BEGIN { trace(x" + Repeat("[1]", 300000) + "); }"), "D_NESTING");
}

TEST(ParserLimits, SyntaxErrorsCutLongTokens) {
  std::string big = "\"" + std::string(1 << 20, 'A') + "\"";
  try {
    ParseProgram("BEGIN { trace(1 " + big + "); }", MacroEnv{});
    FAIL() << "no error";
  } catch (const CompileError& e) {
    EXPECT_EQ(e.tag(), "D_SYNTAX");
    EXPECT_EQ(std::string(e.what()), "syntax error near \"\"" + std::string(60, 'A') + "...\"");
  }
  try {
    ParseProgram("BEGIN { " + std::string(100000, 'x') + " y }", MacroEnv{});
    FAIL() << "no error";
  } catch (const CompileError& e) {
    EXPECT_EQ(std::string(e.what()), "syntax error near \"y\"");
  }
  try {
    ParseProgram("BEGIN { x = 1 " + std::string(100000, 'x') + "; }", MacroEnv{});
    FAIL() << "no error";
  } catch (const CompileError& e) {
    EXPECT_EQ(std::string(e.what()), "syntax error near \"" + std::string(61, 'x') + "...\"");
  }
}

// The constant folding behind array dimensions and bit-field widths, which
// used to trap on INT64_MIN / -1 (SIGFPE) and overflow as signed values.
TEST(ParserLimits, DeclarationConstantsNeverTrap) {
  EXPECT_EQ(ErrorTag("struct s { int a[0x8000000000000000/-1]; };"), "D_DECL_ARRSUB");
  EXPECT_EQ(ErrorTag("struct s { int a[0x8000000000000000%-1]; };"), "D_DECL_ARRBIG");
  EXPECT_EQ(ErrorTag("struct s { int a[(-0x7fffffffffffffff-1)/-1]; };"), "D_DECL_ARRSUB");
  EXPECT_EQ(ErrorTag("struct s { int a : (-0x7fffffffffffffff-1)/-1; };"), "D_DECL_BFCONST");
  EXPECT_EQ(ErrorTag("struct s { int a : (-0x7fffffffffffffff-1)%-1; };"), "D_DECL_BFCONST");
  EXPECT_EQ(ErrorTag("BEGIN { trace(sizeof(int[(-0x7fffffffffffffff-1)/-1])); }"), "D_DECL_ARRSUB");
  EXPECT_EQ(ErrorTag("BEGIN { trace((int[(-0x7fffffffffffffff-1)%-1])0); }"), "D_DECL_ARRSUB");
  EXPECT_EQ(ErrorTag("struct s { int a[-0x8000000000000000]; };"), "D_DECL_ARRBIG");
  EXPECT_EQ(ErrorTag("struct s { int a[0x7fffffffffffffff+1]; };"), "D_DECL_ARRSUB");
  EXPECT_EQ(ErrorTag("struct s { int a[0x7fffffffffffffff*2]; };"), "D_DECL_ARRSUB");
  EXPECT_EQ(ErrorTag("struct s { int a[1/0]; };"), "D_DIV_ZERO");
  EXPECT_EQ(ErrorTag("struct s { int a[2 > 1 ? 4 : 0]; int b : 1 << 2; };"), "");
}

}  // namespace
}  // namespace dt
