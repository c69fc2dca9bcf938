// Integer constant expressions: literals combined with C's operators,
// folded the way DTrace folds them (dt_node_op1/op2/op3), with C's types.
//
// Array dimensions, bit-field widths, enumerator values and aggregation
// parameters must be such constants. Each literal gets C's type (int,
// unsigned, long, unsigned long by value, base and suffix), operands go
// through the usual arithmetic conversions, and the arithmetic itself is
// done on 64-bit two's complement words that wrap, so no input can make
// the compiler overflow or trap: -INT64_MIN is INT64_MIN, and
// INT64_MIN / -1 is INT64_MIN (remainder 0). A zero divisor is DTrace's
// D_DIV_ZERO error, "expression contains division by zero".
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "frontend/ast.h"

namespace dt {

struct FoldedConstant {
  uint64_t bits = 0;  // the value, sign- or zero-extended to 64 bits by its type
  int size = 4;       // 4 (int) or 8 (long)
  bool is_signed = true;

  int64_t as_signed() const { return static_cast<int64_t>(bits); }
  // Whether the value is greater than zero, as its type reads it.
  bool positive() const { return is_signed ? as_signed() > 0 : bits != 0; }
};

// What an identifier stands for, when it names a constant (an inline whose
// value is one); nullptr otherwise.
using ConstantIdentifier = std::function<const ast::Expr*(const ast::Expr& identifier)>;

// The value of `e` when it is an integer constant expression, nullopt when
// it is not. Throws CompileError D_DIV_ZERO for a constant zero divisor.
std::optional<FoldedConstant> FoldConstant(const ast::Expr& e,
                                           const ConstantIdentifier& identifier = nullptr);

}  // namespace dt
