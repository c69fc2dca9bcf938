// Runs the DWARF call-frame instructions of one FDE (after its CIE's
// initial instructions) and produces the table of rules they describe:
// for each address where something changes, how to compute the CFA
// (canonical frame address: the caller's stack pointer at the call) and
// where the frame pointer and the return address were saved.
//
// Only what an x86-64 unwinder needs is kept: the CFA rule, the rule of
// %rbp (DWARF register 6) and of the return-address column. Instructions
// about other registers are decoded and ignored. Every DW_CFA_* opcode of
// DWARF 4/5 and GCC's extensions (GNU_args_size, GNU_negative_offset_
// extended, GNU_window_save) is understood; an unknown one, a truncated
// operand, or a restore_state without a remember_state stops the program
// there: the rows so far stand and a final kInvalid row covers the rest of
// the function.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "elf/cfi_records.h"

namespace dt::elf {

namespace dwarf_reg {
constexpr uint64_t kRbp = 6, kRsp = 7, kReturnAddress = 16;
}

struct CfaRule {
  enum class Kind : uint8_t { kUndefined, kRegisterOffset, kExpression, kInvalid };
  Kind kind = Kind::kUndefined;
  uint64_t reg = 0;
  int64_t offset = 0;
  std::string_view expression;  // DWARF expression bytes (kExpression)

  bool operator==(const CfaRule&) const = default;
};

struct RegisterRule {
  enum class Kind : uint8_t {
    kSameValue,     // unchanged from the callee (also "not mentioned")
    kUndefined,     // not recoverable (the return address of the outermost frame)
    kOffset,        // saved at CFA + offset
    kValOffset,     // the value is CFA + offset
    kRegister,      // held in another register
    kExpression,    // saved at the address the expression computes
    kValExpression  // the value is what the expression computes
  };
  Kind kind = Kind::kSameValue;
  int64_t offset = 0;
  uint64_t reg = 0;
  std::string_view expression;

  bool operator==(const RegisterRule&) const = default;
};

struct CfiRow {
  uint64_t pc = 0;  // first address the row applies to
  CfaRule cfa;
  RegisterRule rbp;
  RegisterRule return_address;
};

// Appends the rows of fde (in address order, all inside [pc_begin,
// pc_begin + pc_range)) to rows. False with *error when the program stopped
// early (the appended rows then end with a kInvalid CFA row).
bool RunCfaProgram(const Cie& cie, const Fde& fde, const CfiSectionInfo& info,
                   std::vector<CfiRow>* rows, std::string* error);

}  // namespace dt::elf
