#include "frontend/pp_expr.h"

#include <gtest/gtest.h>

#include <limits>

#include "frontend/pp_test_util.h"

namespace dt::pp {
namespace {

std::vector<Token> Lex(const std::string& text) {
  Lexer lexer(text);
  std::vector<Token> tokens;
  for (Token t = lexer.Next(); t.kind != TokKind::kEof; t = lexer.Next()) tokens.push_back(t);
  return tokens;
}

IntValue Eval(const std::string& text) { return EvaluateExpression(Lex(text), "#if", 7); }

int64_t Signed(const std::string& text) {
  IntValue v = Eval(text);
  EXPECT_FALSE(v.is_unsigned) << text;
  return static_cast<int64_t>(v.bits);
}

uint64_t Unsigned(const std::string& text) {
  IntValue v = Eval(text);
  EXPECT_TRUE(v.is_unsigned) << text;
  return v.bits;
}

std::string Error(const std::string& text) {
  try {
    Eval(text);
  } catch (const LocalError& e) {
    EXPECT_EQ(e.line(), 7);
    return e.what();
  }
  return "no error";
}

TEST(PpExpr, Arithmetic) {
  EXPECT_EQ(Signed("1 + 2 * 3"), 7);
  EXPECT_EQ(Signed("(1 + 2) * 3"), 9);
  EXPECT_EQ(Signed("10 / 3"), 3);
  EXPECT_EQ(Signed("-10 / 3"), -3);
  EXPECT_EQ(Signed("-10 % 3"), -1);
  EXPECT_EQ(Signed("1 - 2 - 3"), -4);
  EXPECT_EQ(Signed("~0"), -1);
  EXPECT_EQ(Signed("!0 + !5"), 1);
  EXPECT_EQ(Signed("- - 4"), 4);
  EXPECT_EQ(Signed("1 << 4 | 1"), 17);
  EXPECT_EQ(Signed("6 & 3 ^ 1"), 3);
  EXPECT_EQ(Signed("1, 2, 3"), 3);
}

TEST(PpExpr, Comparisons) {
  EXPECT_EQ(Signed("1 < 2 && 2 <= 2 && 3 > 2 && 3 >= 3 && 1 == 1 && 1 != 2"), 1);
  EXPECT_EQ(Signed("-1 < 0"), 1);
  // The usual arithmetic conversions: -1 becomes the largest uintmax_t.
  EXPECT_EQ(Signed("-1 < 0u"), 0);
  EXPECT_EQ(Signed("-1 > 0xffffffffffffffff - 1"), 1);
}

TEST(PpExpr, IntegerConstants) {
  EXPECT_EQ(Signed("0x7fffffffffffffff"), std::numeric_limits<int64_t>::max());
  EXPECT_EQ(Unsigned("0xffffffffffffffff"), std::numeric_limits<uint64_t>::max());
  EXPECT_EQ(Unsigned("18446744073709551615"), std::numeric_limits<uint64_t>::max());
  EXPECT_EQ(Unsigned("1u"), 1u);
  EXPECT_EQ(Signed("0777"), 511);
  EXPECT_EQ(Signed("0b101"), 5);
  EXPECT_EQ(Signed("10L + 10ll + 10LL"), 30);
  EXPECT_EQ(Unsigned("10ULL + 10lu"), 20u);
  EXPECT_EQ(Error("1.5"), "floating constant in preprocessor expression");
  EXPECT_EQ(Error("1e3"), "floating constant in preprocessor expression");
  EXPECT_EQ(Error("12abc"), "invalid suffix \"abc\" on integer constant");
  EXPECT_EQ(Error("1lL"), "invalid suffix \"lL\" on integer constant");
  EXPECT_EQ(Error("0x"), "invalid suffix \"x\" on integer constant");
  EXPECT_EQ(Error("09"), "invalid digit \"9\" in octal constant");
  EXPECT_EQ(Error("18446744073709551616"), "integer constant is too large for its type");
}

TEST(PpExpr, CharacterConstants) {
  EXPECT_EQ(Signed("'a'"), 97);
  EXPECT_EQ(Signed("'\\n'"), 10);
  EXPECT_EQ(Signed("'\\x41'"), 65);
  EXPECT_EQ(Signed("'\\101'"), 65);
  EXPECT_EQ(Signed("'\\''"), 39);
  EXPECT_EQ(Signed("'\\377'"), -1);  // plain char is signed on x86-64
  EXPECT_EQ(Signed("'ab'"), 0x6162);
  EXPECT_EQ(Signed("L'\\xffffffff'"), -1);
  EXPECT_EQ(Error("''"), "empty character constant");
}

TEST(PpExpr, IdentifiersAreZero) {
  EXPECT_EQ(Signed("UNDEFINED"), 0);
  EXPECT_EQ(Signed("true || false"), 0);
}

TEST(PpExpr, ShortCircuitSkipsDivisionByZero) {
  EXPECT_EQ(Signed("0 && 1 / 0"), 0);
  EXPECT_EQ(Signed("1 || 1 % 0"), 1);
  EXPECT_EQ(Signed("1 ? 2 : 1 / 0"), 2);
  EXPECT_EQ(Signed("0 ? 1 / 0 : 3"), 3);
  EXPECT_EQ(Error("1 / 0"), "division by zero in #if");
  EXPECT_EQ(Error("5 % (2 - 2)"), "division by zero in #if");
  EXPECT_EQ(Error("1 && 1 / 0"), "division by zero in #if");
}

TEST(PpExpr, ConditionalOperator) {
  EXPECT_EQ(Signed("1 ? 2 : 3"), 2);
  EXPECT_EQ(Signed("0 ? 2 : 0 ? 3 : 4"), 4);
  // The result has the common type of both branches.
  EXPECT_EQ(Unsigned("1 ? -1 : 0u"), std::numeric_limits<uint64_t>::max());
  EXPECT_EQ(Error("1 ? 2"), "'?' without following ':'");
  EXPECT_EQ(Error("1 : 2"), "':' without preceding '?'");
}

TEST(PpExpr, OverflowWrapsWithoutUndefinedBehaviour) {
  EXPECT_EQ(Signed("0x7fffffffffffffff + 1"), std::numeric_limits<int64_t>::min());
  EXPECT_EQ(Signed("-0x7fffffffffffffff - 1 - 1"), std::numeric_limits<int64_t>::max());
  EXPECT_EQ(Signed("0x7fffffffffffffff * 2"), -2);
  EXPECT_EQ(Signed("(-0x7fffffffffffffff - 1) / -1"), std::numeric_limits<int64_t>::min());
  EXPECT_EQ(Signed("(-0x7fffffffffffffff - 1) % -1"), 0);
  EXPECT_EQ(Signed("-(-0x7fffffffffffffff - 1)"), std::numeric_limits<int64_t>::min());
}

TEST(PpExpr, Shifts) {
  EXPECT_EQ(Signed("1 << 62"), int64_t{1} << 62);
  EXPECT_EQ(Signed("1 << 64"), 0);
  EXPECT_EQ(Signed("1 << 1000"), 0);
  EXPECT_EQ(Signed("-8 >> 1"), -4);
  EXPECT_EQ(Signed("-8 >> 100"), -1);
  EXPECT_EQ(Signed("8 >> 100"), 0);
  EXPECT_EQ(Signed("8 << -1"), 4);  // a negative count shifts the other way
  EXPECT_EQ(Signed("8 >> -1"), 16);
  EXPECT_EQ(Signed("1 << (-0x7fffffffffffffff - 1)"), 0);
  EXPECT_EQ(Unsigned("0xffffffffffffffff >> 60"), 15u);
}

TEST(PpExpr, EmptyExpression) {
  EXPECT_EQ(Error(""), "#if with no expression");
  try {
    EvaluateExpression({}, "#elif", 7);
    ADD_FAILURE() << "no error";
  } catch (const LocalError& e) {
    EXPECT_STREQ(e.what(), "#elif with no expression");
  }
}

TEST(PpExpr, SyntaxErrorMessages) {
  EXPECT_EQ(Error("(1"), "missing ')' in expression");
  EXPECT_EQ(Error("1)"), "missing '(' in expression");
  EXPECT_EQ(Error("()"), "missing expression between '(' and ')'");
  EXPECT_EQ(Error("1 +"), "operator '+' has no right operand");
  EXPECT_EQ(Error("* 2"), "operator '*' has no left operand");
  EXPECT_EQ(Error("1 2"), "missing binary operator before token \"2\"");
  EXPECT_EQ(Error("F(1)"), "missing binary operator before token \"(\"");
  EXPECT_EQ(Error("x = 1"), "token \"=\" is not valid in preprocessor expressions");
  EXPECT_EQ(Error("\"str\""), "token \"\"str\"\" is not valid in preprocessor expressions");
  EXPECT_EQ(Error("@"), "token \"@\" is not valid in preprocessor expressions");
}

TEST(PpExpr, DeepNestingIsAnErrorNotACrash) {
  std::string deep(100000, '(');
  deep += "1";
  deep += std::string(100000, ')');
  EXPECT_EQ(Error(deep), "#if expression nested too deeply");
  std::string negations;
  for (int i = 0; i < 100000; ++i) negations += "- ";
  EXPECT_EQ(Error(negations + "1"), "#if expression nested too deeply");
  EXPECT_EQ(Signed(std::string(200, '(') + "1" + std::string(200, ')')), 1);
}

}  // namespace
}  // namespace dt::pp
