#include "frontend/const_fold.h"

#include "common/diagnostic.h"
#include "common/nesting.h"

namespace dt {
namespace {

using ast::BinaryOp;
using ast::Expr;
using ast::ExprKind;
using ast::UnaryOp;
using Folded = std::optional<FoldedConstant>;

// `bits` read as a value of the given type, extended back to 64 bits.
FoldedConstant Make(uint64_t bits, int size, bool is_signed) {
  if (size == 4) {
    bits = is_signed ? static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(bits)))
                     : (bits & 0xffffffffu);
  }
  return FoldedConstant{bits, size, is_signed};
}

FoldedConstant Int(bool truth) { return Make(truth ? 1 : 0, 4, true); }

// C's type of an integer literal (sema's Analyzer::Check gives the same).
FoldedConstant Literal(const Expr& e) {
  uint64_t v = e.int_value;
  if (e.int_is_char) return Make(v, 4, true);
  if (e.int_long_suffix > 0 || v > 0xffffffffull ||
      (e.int_decimal && !e.int_unsigned_suffix && v > 0x7fffffffull)) {
    return Make(v, 8, !(e.int_unsigned_suffix || v > 0x7fffffffffffffffull));
  }
  return Make(v, 4, !(e.int_unsigned_suffix || v > 0x7fffffffull));
}

// The usual arithmetic conversions of two promoted integer types.
void CommonType(const FoldedConstant& a, const FoldedConstant& b, int* size, bool* is_signed) {
  if (a.size != b.size) {
    const FoldedConstant& wide = a.size > b.size ? a : b;
    *size = wide.size;
    *is_signed = wide.is_signed;  // a signed long holds every unsigned int
  } else {
    *size = a.size;
    *is_signed = a.is_signed && b.is_signed;
  }
}

Folded Unary(const Expr& x, const FoldedConstant& a) {
  switch (x.unary_op) {
    case UnaryOp::kNeg:
      return Make(0 - a.bits, a.size, a.is_signed);
    case UnaryOp::kPlus:
      return a;
    case UnaryOp::kBitNot:
      return Make(~a.bits, a.size, a.is_signed);
    case UnaryOp::kLogicalNot:
      return Int(a.bits == 0);
    default:
      return std::nullopt;
  }
}

Folded Binary(const Expr& x, const FoldedConstant& a, const FoldedConstant& b) {
  switch (x.binary_op) {
    case BinaryOp::kLogicalAnd:
      return Int(a.bits != 0 && b.bits != 0);
    case BinaryOp::kLogicalOr:
      return Int(a.bits != 0 || b.bits != 0);
    case BinaryOp::kLogicalXor:
      return Int((a.bits != 0) != (b.bits != 0));
    case BinaryOp::kShl:
    case BinaryOp::kShr: {
      // The type is the left operand's; the count is taken modulo 64, as
      // the BPF shift instructions the same expression compiles to do.
      unsigned n = static_cast<unsigned>(b.bits & 63);
      uint64_t bits = x.binary_op == BinaryOp::kShl ? a.bits << n
                      : a.is_signed                 ? static_cast<uint64_t>(a.as_signed() >> n)
                                                    : a.bits >> n;
      return Make(bits, a.size, a.is_signed);
    }
    case BinaryOp::kComma:
      return std::nullopt;
    default:
      break;
  }
  int size;
  bool is_signed;
  CommonType(a, b, &size, &is_signed);
  const uint64_t l = Make(a.bits, size, is_signed).bits;
  const uint64_t r = Make(b.bits, size, is_signed).bits;
  const auto sl = static_cast<int64_t>(l), sr = static_cast<int64_t>(r);
  auto result = [&](uint64_t bits) { return Make(bits, size, is_signed); };
  switch (x.binary_op) {
    case BinaryOp::kAdd:
      return result(l + r);
    case BinaryOp::kSub:
      return result(l - r);
    case BinaryOp::kMul:
      return result(l * r);
    case BinaryOp::kDiv:
    case BinaryOp::kMod: {
      bool div = x.binary_op == BinaryOp::kDiv;
      if (!is_signed) return result(div ? l / r : l % r);
      if (sr == -1) return result(div ? 0 - l : 0);  // INT64_MIN / -1 wraps
      return result(static_cast<uint64_t>(div ? sl / sr : sl % sr));
    }
    case BinaryOp::kBitAnd:
      return result(l & r);
    case BinaryOp::kBitOr:
      return result(l | r);
    case BinaryOp::kBitXor:
      return result(l ^ r);
    case BinaryOp::kLt:
      return Int(is_signed ? sl < sr : l < r);
    case BinaryOp::kLe:
      return Int(is_signed ? sl <= sr : l <= r);
    case BinaryOp::kGt:
      return Int(is_signed ? sl > sr : l > r);
    case BinaryOp::kGe:
      return Int(is_signed ? sl >= sr : l >= r);
    case BinaryOp::kEq:
      return Int(l == r);
    case BinaryOp::kNe:
      return Int(l != r);
    default:
      return std::nullopt;
  }
}

Folded Fold(const Expr& x, const ConstantIdentifier& identifier) {
  Nesting nesting(x.line);
  switch (x.kind) {
    case ExprKind::kInteger:
      return Literal(x);
    case ExprKind::kIdentifier: {
      const Expr* value = identifier ? identifier(x) : nullptr;
      if (value == nullptr) return std::nullopt;
      return Fold(*value, identifier);
    }
    case ExprKind::kUnary: {
      Folded a = Fold(*x.lhs, identifier);
      if (!a) return std::nullopt;
      return Unary(x, *a);
    }
    case ExprKind::kBinary: {
      Folded a = Fold(*x.lhs, identifier);
      if (!a) return std::nullopt;
      Folded b = Fold(*x.rhs, identifier);
      if (!b) return std::nullopt;
      bool divides = x.binary_op == BinaryOp::kDiv || x.binary_op == BinaryOp::kMod;
      if (divides && b->bits == 0) {
        throw CompileError("D_DIV_ZERO", x.line, "expression contains division by zero");
      }
      return Binary(x, *a, *b);
    }
    case ExprKind::kTernary: {
      Folded c = Fold(*x.cond, identifier);
      Folded a = c ? Fold(*x.lhs, identifier) : std::nullopt;
      Folded b = a ? Fold(*x.rhs, identifier) : std::nullopt;
      if (!b) return std::nullopt;
      int size;
      bool is_signed;
      CommonType(*a, *b, &size, &is_signed);
      return Make(c->bits != 0 ? a->bits : b->bits, size, is_signed);
    }
    default:
      return std::nullopt;
  }
}

}  // namespace

std::optional<FoldedConstant> FoldConstant(const Expr& e, const ConstantIdentifier& identifier) {
  return Fold(e, identifier);
}

}  // namespace dt
