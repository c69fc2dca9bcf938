// A compact, deterministic S-expression rendering of the AST, for parser
// tests and debugging. One top-level item per line. Expressions render as
//   identifiers / self->x / this->x / @agg / 42 / 42ul / 0x10 / (char 97) / "str"
//   (op lhs rhs)  (neg x) (not x) (bitnot x) (deref x) (addr x) (plus x)
//   (pre++ x) (post-- x)  (= a b) (+= a b)  (? c a b)  (cast <type> x)
//   (call f args...)  ([] base keys...)  (. x m) (-> x m)
//   (sizeof x) (sizeof <type>) (offsetof <type> m) (stringof x) (xlate <type> x)
// and types as <base *[4]>, e.g. <const char *>, <int [4][2]>.
#pragma once

#include <string>

#include "frontend/ast.h"

namespace dt {

std::string DumpAst(const ast::Program& program);
std::string DumpExpr(const ast::Expr& expr);
std::string DumpType(const ast::TypeName& type);

}  // namespace dt
