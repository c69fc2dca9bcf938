// The argument specifications of a stapsdt probe ("-4@%edi 8@$5
// 8@-8(%rbp,%rax,8)"), parsed into operands a probe program can fetch.
//
// Grammar (x86-64, AT&T syntax as gcc prints an "nor" asm operand):
//   spec     := [size '@'] operand          size := ['-'] (1|2|4|8)
//   operand  := '%' reg                      value of the register
//             | '$' int                      a constant
//             | [disp] '(' [%base] [',' %index [',' scale]] ')'
//             | symbol [('+'|'-') int]       absolute memory (non-PIC)
//   disp     := int | symbol [('+'|'-') int] | int '+' symbol
// A negative size means signed. An operand without a size is 8 bytes,
// unsigned (the first version of the note format had no sizes). "sym(%rip)"
// is the address of sym (plus disp) in the object: the register only says
// the code was position-independent, so it is reported as a symbol-relative
// memory operand with no base register.
//
// Several specifications are separated by spaces. Anything else (segment
// prefixes, unknown registers, sizes other than 1, 2, 4, 8, trailing text)
// is an error naming the specification.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "elf/x86_registers.h"

namespace dt::elf {

enum class SdtOperandKind { kRegister, kConstant, kMemory };

struct SdtArgument {
  std::string text;  // the specification as written
  uint8_t size = 8;  // bytes of the value
  bool is_signed = false;
  SdtOperandKind kind = SdtOperandKind::kRegister;

  // kRegister: the register. kMemory: base register, if any.
  std::optional<X86Register> reg;
  // kConstant: the value. kMemory: the displacement (added to the symbol's
  // address, or to base + index * scale).
  int64_t value = 0;
  // kMemory only.
  std::optional<X86Register> index;
  uint8_t scale = 1;
  std::string symbol;  // "" unless the address is symbol-relative
};

std::optional<SdtArgument> ParseSdtArgument(std::string_view spec, std::string* error);

// log2 of an operand's scale (1, 2, 4 or 8, which the parser ensures): the
// shift that multiplies the index by it.
inline int ScaleShift(uint8_t scale) {
  return scale == 8 ? 3 : scale == 4 ? 2 : scale == 2 ? 1 : 0;
}
// All specifications of a probe (empty text: no arguments).
std::optional<std::vector<SdtArgument>> ParseSdtArguments(std::string_view specs,
                                                          std::string* error);

}  // namespace dt::elf
