// The controlling expressions of #if and #elif.
//
// The tokens come after macro expansion, with `defined X` already replaced
// by 1 or 0; every identifier left is 0, as C99 6.10.1 says. Arithmetic is
// ISO C's in intmax_t and uintmax_t (64 bits): integer constants with their
// suffixes, character constants (plain char is signed, as on x86-64), the
// usual arithmetic conversions, short-circuit &&, || and ?: whose skipped
// operands are not evaluated. Signed overflow wraps around instead of being
// undefined (GCC only warns), shifts by a negative count shift the other
// way and by 64 or more give 0 (or -1), and division by zero is an error.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "frontend/pp_lexer.h"

namespace dt::pp {

struct IntValue {
  uint64_t bits = 0;  // two's complement when signed
  bool is_unsigned = false;

  bool operator==(const IntValue&) const = default;
};

// The value of the expression; throws LocalError at `line` (messages as
// GCC's cpp words them). `directive` is "#if" or "#elif".
IntValue EvaluateExpression(const std::vector<Token>& tokens, const std::string& directive,
                            int line);

// The value of an integer constant (pp-number) or character constant, as
// the expression evaluator reads it.
IntValue IntegerConstant(const Token& token, int line);
IntValue CharacterConstant(const Token& token, int line);

}  // namespace dt::pp
