#include "frontend/ast.h"

namespace dt::ast {

const char* BinaryOpSpelling(BinaryOp op) {
  switch (op) {
    case BinaryOp::kAdd:
      return "+";
    case BinaryOp::kSub:
      return "-";
    case BinaryOp::kMul:
      return "*";
    case BinaryOp::kDiv:
      return "/";
    case BinaryOp::kMod:
      return "%";
    case BinaryOp::kShl:
      return "<<";
    case BinaryOp::kShr:
      return ">>";
    case BinaryOp::kLt:
      return "<";
    case BinaryOp::kGt:
      return ">";
    case BinaryOp::kLe:
      return "<=";
    case BinaryOp::kGe:
      return ">=";
    case BinaryOp::kEq:
      return "==";
    case BinaryOp::kNe:
      return "!=";
    case BinaryOp::kBitAnd:
      return "&";
    case BinaryOp::kBitXor:
      return "^";
    case BinaryOp::kBitOr:
      return "|";
    case BinaryOp::kLogicalAnd:
      return "&&";
    case BinaryOp::kLogicalXor:
      return "^^";
    case BinaryOp::kLogicalOr:
      return "||";
    case BinaryOp::kComma:
      return ",";
  }
  return "?";
}

const char* UnaryOpSpelling(UnaryOp op) {
  switch (op) {
    case UnaryOp::kNeg:
      return "-";
    case UnaryOp::kPlus:
      return "+";
    case UnaryOp::kLogicalNot:
      return "!";
    case UnaryOp::kBitNot:
      return "~";
    case UnaryOp::kDeref:
      return "*";
    case UnaryOp::kAddressOf:
      return "&";
    case UnaryOp::kPreInc:
      return "++";
    case UnaryOp::kPreDec:
      return "--";
    case UnaryOp::kPostInc:
      return "++";
    case UnaryOp::kPostDec:
      return "--";
  }
  return "?";
}

ExprPtr CloneExpr(const Expr& e) {
  auto c = std::make_unique<Expr>();
  c->kind = e.kind;
  c->line = e.line;
  c->int_value = e.int_value;
  c->int_unsigned_suffix = e.int_unsigned_suffix;
  c->int_long_suffix = e.int_long_suffix;
  c->int_decimal = e.int_decimal;
  c->int_is_char = e.int_is_char;
  c->read_as_enumerator = e.read_as_enumerator;
  c->text = e.text;
  c->arrow = e.arrow;
  c->unary_op = e.unary_op;
  c->binary_op = e.binary_op;
  c->compound = e.compound;
  if (e.cond) c->cond = CloneExpr(*e.cond);
  if (e.lhs) c->lhs = CloneExpr(*e.lhs);
  if (e.rhs) c->rhs = CloneExpr(*e.rhs);
  for (const ExprPtr& a : e.args) c->args.push_back(CloneExpr(*a));
  if (e.type_name) c->type_name = std::make_unique<ast::TypeName>(*e.type_name);
  return c;
}

void SubstituteIdentifier(ExprPtr& node, const std::string& name, const Expr& replacement,
                          int line) {
  if (!node) return;
  if (node->kind == ExprKind::kIdentifier && node->text == name) {
    node = CloneExpr(replacement);
    return;
  }
  node->line = line;
  SubstituteIdentifier(node->cond, name, replacement, line);
  SubstituteIdentifier(node->lhs, name, replacement, line);
  SubstituteIdentifier(node->rhs, name, replacement, line);
  for (ExprPtr& a : node->args) SubstituteIdentifier(a, name, replacement, line);
}

}  // namespace dt::ast
