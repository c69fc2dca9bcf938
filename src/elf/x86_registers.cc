#include "elf/x86_registers.h"

namespace dt::elf {
namespace {

// Every general-purpose register by every name AT&T syntax gives it: 64,
// 32, 16 and 8 bits (r8..r15 take d, w, and b or l), the high bytes
// %ah..%dh at byte 1 of their slot, and the instruction pointer.
// clang-format off
constexpr X86Register kRegisters[] = {
    {"rax", pt_regs::kRax, 8, 0}, {"eax", pt_regs::kRax, 4, 0}, {"ax", pt_regs::kRax, 2, 0},
    {"al", pt_regs::kRax, 1, 0}, {"ah", pt_regs::kRax + 1, 1, 0},
    {"rdx", pt_regs::kRdx, 8, 1}, {"edx", pt_regs::kRdx, 4, 1}, {"dx", pt_regs::kRdx, 2, 1},
    {"dl", pt_regs::kRdx, 1, 1}, {"dh", pt_regs::kRdx + 1, 1, 1},
    {"rcx", pt_regs::kRcx, 8, 2}, {"ecx", pt_regs::kRcx, 4, 2}, {"cx", pt_regs::kRcx, 2, 2},
    {"cl", pt_regs::kRcx, 1, 2}, {"ch", pt_regs::kRcx + 1, 1, 2},
    {"rbx", pt_regs::kRbx, 8, 3}, {"ebx", pt_regs::kRbx, 4, 3}, {"bx", pt_regs::kRbx, 2, 3},
    {"bl", pt_regs::kRbx, 1, 3}, {"bh", pt_regs::kRbx + 1, 1, 3},
    {"rsi", pt_regs::kRsi, 8, 4}, {"esi", pt_regs::kRsi, 4, 4}, {"si", pt_regs::kRsi, 2, 4},
    {"sil", pt_regs::kRsi, 1, 4},
    {"rdi", pt_regs::kRdi, 8, 5}, {"edi", pt_regs::kRdi, 4, 5}, {"di", pt_regs::kRdi, 2, 5},
    {"dil", pt_regs::kRdi, 1, 5},
    {"rbp", pt_regs::kRbp, 8, 6}, {"ebp", pt_regs::kRbp, 4, 6}, {"bp", pt_regs::kRbp, 2, 6},
    {"bpl", pt_regs::kRbp, 1, 6},
    {"rsp", pt_regs::kRsp, 8, 7}, {"esp", pt_regs::kRsp, 4, 7}, {"sp", pt_regs::kRsp, 2, 7},
    {"spl", pt_regs::kRsp, 1, 7},
    {"r8", pt_regs::kR8, 8, 8}, {"r8d", pt_regs::kR8, 4, 8}, {"r8w", pt_regs::kR8, 2, 8},
    {"r8b", pt_regs::kR8, 1, 8}, {"r8l", pt_regs::kR8, 1, 8},
    {"r9", pt_regs::kR9, 8, 9}, {"r9d", pt_regs::kR9, 4, 9}, {"r9w", pt_regs::kR9, 2, 9},
    {"r9b", pt_regs::kR9, 1, 9}, {"r9l", pt_regs::kR9, 1, 9},
    {"r10", pt_regs::kR10, 8, 10}, {"r10d", pt_regs::kR10, 4, 10}, {"r10w", pt_regs::kR10, 2, 10},
    {"r10b", pt_regs::kR10, 1, 10}, {"r10l", pt_regs::kR10, 1, 10},
    {"r11", pt_regs::kR11, 8, 11}, {"r11d", pt_regs::kR11, 4, 11}, {"r11w", pt_regs::kR11, 2, 11},
    {"r11b", pt_regs::kR11, 1, 11}, {"r11l", pt_regs::kR11, 1, 11},
    {"r12", pt_regs::kR12, 8, 12}, {"r12d", pt_regs::kR12, 4, 12}, {"r12w", pt_regs::kR12, 2, 12},
    {"r12b", pt_regs::kR12, 1, 12}, {"r12l", pt_regs::kR12, 1, 12},
    {"r13", pt_regs::kR13, 8, 13}, {"r13d", pt_regs::kR13, 4, 13}, {"r13w", pt_regs::kR13, 2, 13},
    {"r13b", pt_regs::kR13, 1, 13}, {"r13l", pt_regs::kR13, 1, 13},
    {"r14", pt_regs::kR14, 8, 14}, {"r14d", pt_regs::kR14, 4, 14}, {"r14w", pt_regs::kR14, 2, 14},
    {"r14b", pt_regs::kR14, 1, 14}, {"r14l", pt_regs::kR14, 1, 14},
    {"r15", pt_regs::kR15, 8, 15}, {"r15d", pt_regs::kR15, 4, 15}, {"r15w", pt_regs::kR15, 2, 15},
    {"r15b", pt_regs::kR15, 1, 15}, {"r15l", pt_regs::kR15, 1, 15},
    {"rip", pt_regs::kRip, 8, 16}, {"eip", pt_regs::kRip, 4, 16},
};
// clang-format on

}  // namespace

std::optional<X86Register> FindX86Register(std::string_view name) {
  if (!name.empty() && name.front() == '%') name.remove_prefix(1);
  for (const X86Register& r : kRegisters) {
    if (r.name == name) return r;
  }
  return std::nullopt;
}

}  // namespace dt::elf
