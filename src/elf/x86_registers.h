// x86-64 register names as AT&T assembly spells them (what <sys/sdt.h>
// writes into probe argument specifications) and where each register is
// saved in the kernel's struct pt_regs, the context of a uprobe program.
//
// struct pt_regs on x86-64 (arch/x86/include/asm/ptrace.h), 8 bytes a slot:
//   r15 r14 r13 r12 bp bx r11 r10 r9 r8 ax cx dx si di orig_ax ip cs flags
//   sp ss  -> r15 at 0, ..., ip at 128, sp at 152; 168 bytes in all.
// A narrower register is the low part of its slot (x86 is little-endian),
// except %ah/%bh/%ch/%dh, which are byte 1 of it.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace dt::elf {

namespace pt_regs {
constexpr uint16_t kR15 = 0, kR14 = 8, kR13 = 16, kR12 = 24, kRbp = 32, kRbx = 40, kR11 = 48,
                   kR10 = 56, kR9 = 64, kR8 = 72, kRax = 80, kRcx = 88, kRdx = 96, kRsi = 104,
                   kRdi = 112, kOrigRax = 120, kRip = 128, kCs = 136, kFlags = 144, kRsp = 152,
                   kSs = 160;
constexpr uint16_t kSize = 168;
}  // namespace pt_regs

struct X86Register {
  std::string_view name;    // without '%': "eax", "r8d", "rip"
  uint16_t pt_regs_offset;  // byte offset of the value in pt_regs (slot + 1 for %ah..%dh)
  uint8_t size;             // bytes: 1, 2, 4 or 8
  int8_t dwarf;             // DWARF number of the full register (rax 0 .. r15 15, rip 16)

  // %rip or %eip: its value depends on where the probe is, not on the code.
  bool is_instruction_pointer() const { return pt_regs_offset == pt_regs::kRip; }
};

// The register named (with or without a leading '%'), any width.
std::optional<X86Register> FindX86Register(std::string_view name);

}  // namespace dt::elf
