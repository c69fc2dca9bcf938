#include "frontend/ast_dump.h"

#include <gtest/gtest.h>

#include "frontend/parser.h"

namespace dt {
namespace {

TEST(AstDump, TypesShowQualifiersPointersAndArrays) {
  ast::TypeName t;
  t.base = "char";
  t.is_const = true;
  t.pointer_depth = 2;
  EXPECT_EQ(DumpType(t), "<const char **>");
  t = ast::TypeName{};
  t.base = "int";
  t.array_dims = {4, 2};
  EXPECT_EQ(DumpType(t), "<int [4][2]>");
}

TEST(AstDump, StringsAreQuotedWithEscapes) {
  ast::Expr e;
  e.kind = ast::ExprKind::kString;
  e.text = "a\"b\\c\n\x01";
  EXPECT_EQ(DumpExpr(e), "\"a\\\"b\\\\c\\n\\x01\"");
}

TEST(AstDump, OneItemPerLine) {
  ast::Program p = ParseProgram("int x;\nBEGIN /x/ { y = -x; }\n#pragma D option quiet\n", {});
  EXPECT_EQ(DumpAst(p),
            "(var global <int> x)\n(clause (probes \"BEGIN\") (pred x) (body (= y (neg x))))\n"
            "(option quiet)");
}

TEST(AstDump, OperatorSpellings) {
  EXPECT_STREQ(ast::BinaryOpSpelling(ast::BinaryOp::kLogicalXor), "^^");
  EXPECT_STREQ(ast::BinaryOpSpelling(ast::BinaryOp::kShr), ">>");
  EXPECT_STREQ(ast::UnaryOpSpelling(ast::UnaryOp::kBitNot), "~");
  EXPECT_STREQ(ast::UnaryOpSpelling(ast::UnaryOp::kPostDec), "--");
}

}  // namespace
}  // namespace dt
