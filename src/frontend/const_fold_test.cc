#include "frontend/const_fold.h"

#include <gtest/gtest.h>

#include <climits>
#include <string>

#include "common/diagnostic.h"
#include "frontend/parser.h"

namespace dt {
namespace {

FoldedConstant Fold(const std::string& text) {
  ast::ExprPtr e = ParseExpression(text);
  std::optional<FoldedConstant> v = FoldConstant(*e);
  EXPECT_TRUE(v.has_value()) << text;
  return v.value_or(FoldedConstant{});
}

int64_t Value(const std::string& text) { return Fold(text).as_signed(); }

TEST(ConstFold, LiteralsHaveCsTypes) {
  EXPECT_EQ(Fold("1").size, 4);
  EXPECT_TRUE(Fold("1").is_signed);
  EXPECT_FALSE(Fold("1u").is_signed);
  EXPECT_FALSE(Fold("0xffffffff").is_signed);  // hex that fits unsigned int
  EXPECT_EQ(Fold("0xffffffff").size, 4);
  EXPECT_EQ(Fold("4294967295").size, 8);  // decimal: long
  EXPECT_TRUE(Fold("4294967295").is_signed);
  EXPECT_EQ(Fold("1l").size, 8);
  EXPECT_FALSE(Fold("0x8000000000000000").is_signed);
}

TEST(ConstFold, Arithmetic) {
  EXPECT_EQ(Value("2 * 3 + 1"), 7);
  EXPECT_EQ(Value("-7 / 2"), -3);
  EXPECT_EQ(Value("-7 % 2"), -1);
  EXPECT_EQ(Value("1 << 4 | 1"), 17);
  EXPECT_EQ(Value("-16 >> 2"), -4);          // arithmetic shift of a signed value
  EXPECT_EQ(Value("0xf0000000 >> 28"), 15);  // logical shift of an unsigned one
  EXPECT_EQ(Value("~0"), -1);
  EXPECT_EQ(Value("!5"), 0);
  EXPECT_EQ(Value("3 > 2 && 1 ^^ 0"), 1);
  EXPECT_EQ(Value("1 ? 10 : 20"), 10);
}

TEST(ConstFold, UsualArithmeticConversions) {
  EXPECT_EQ(Value("-1 < 1u"), 0);  // -1 becomes UINT_MAX
  EXPECT_EQ(Value("-1 < 1l"), 1);  // long holds every int
  EXPECT_EQ(Fold("-1 + 0u").bits, 0xffffffffu);
  EXPECT_EQ(Value("0x80000000 / -1"), 0);  // unsigned int: -1 is 0xffffffff
}

// The values that used to trap or overflow: D integers wrap, as C's
// unsigned ones do, and INT64_MIN / -1 is INT64_MIN.
TEST(ConstFold, OverflowWrapsInsteadOfTrapping) {
  EXPECT_EQ(Value("0x8000000000000000 / -1"), 0);  // unsigned long / ULONG_MAX
  EXPECT_EQ(Value("(-0x7fffffffffffffff - 1) / -1"), INT64_MIN);
  EXPECT_EQ(Value("(-0x7fffffffffffffff - 1) % -1"), 0);
  EXPECT_EQ(Value("-2147483647 - 1 - 1"), INT32_MAX);  // int wraps at 32 bits
  EXPECT_EQ(Value("(-2147483647 - 1) / -1"), INT32_MIN);
  EXPECT_EQ(Value("0x7fffffffffffffff + 1"), INT64_MIN);
  EXPECT_EQ(Value("0x7fffffffffffffff * 2"), -2);
  EXPECT_EQ(Value("-0x8000000000000000"), INT64_MIN);
  EXPECT_EQ(Value("-(-0x7fffffffffffffff - 1)"), INT64_MIN);
  EXPECT_EQ(Value("1 << 64"), 1);  // counts are taken modulo 64, as BPF does
  EXPECT_EQ(Value("1l << 63"), INT64_MIN);
}

TEST(ConstFold, DivisionByZeroIsDTracesError) {
  for (const char* text : {"1 / 0", "1 % 0", "1 / (2 - 2)", "0x8000000000000000 % 0"}) {
    ast::ExprPtr e = ParseExpression(text);
    try {
      FoldConstant(*e);
      ADD_FAILURE() << "no error for " << text;
    } catch (const CompileError& err) {
      EXPECT_EQ(err.tag(), "D_DIV_ZERO");
      EXPECT_STREQ(err.what(), "expression contains division by zero");
    }
  }
}

TEST(ConstFold, NonConstantsAreNotFolded) {
  for (const char* text : {"x", "x + 1", "sizeof (int)", "(char)1", "f(1)", "1, 2"})
    EXPECT_FALSE(FoldConstant(*ParseExpression(text)).has_value()) << text;
}

TEST(ConstFold, IdentifiersResolveThroughTheCallback) {
  ast::ExprPtr e = ParseExpression("N * 2");
  ast::ExprPtr n = ParseExpression("21");
  auto v =
      FoldConstant(*e, [&](const ast::Expr& id) { return id.text == "N" ? n.get() : nullptr; });
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->as_signed(), 42);
}

}  // namespace
}  // namespace dt
