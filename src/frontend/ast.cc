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

}  // namespace dt::ast
