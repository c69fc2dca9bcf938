#include "codegen/usdt_site_table.h"

#include <linux/bpf.h>

#include <cstring>
#include <stdexcept>

#include "elf/x86_registers.h"
#include "providers/usdt_provider.h"

namespace dt {

namespace {

using namespace bpf;

// The pt_regs slots a register operand can name: the general registers,
// %rip and %rsp (elf/x86_registers.h).
constexpr int16_t kRegisterSlots[] = {elf::pt_regs::kR15, elf::pt_regs::kR14, elf::pt_regs::kR13,
                                      elf::pt_regs::kR12, elf::pt_regs::kRbp, elf::pt_regs::kRbx,
                                      elf::pt_regs::kR11, elf::pt_regs::kR10, elf::pt_regs::kR9,
                                      elf::pt_regs::kR8,  elf::pt_regs::kRax, elf::pt_regs::kRcx,
                                      elf::pt_regs::kRdx, elf::pt_regs::kRsi, elf::pt_regs::kRdi,
                                      elf::pt_regs::kRip, elf::pt_regs::kRsp};

void PutRegister(std::array<uint8_t, kUsdtOperandSize>& d, size_t at,
                 const std::optional<elf::X86Register>& r) {
  if (!r) return;
  d[at] = static_cast<uint8_t>(r->pt_regs_offset + 1);
  d[at + 1] = static_cast<uint8_t>(64 - 8 * r->size);
}

// r0 = the register whose code (pt_regs byte offset + 1, never 0) r4 holds,
// zero-extended by the width at `width_at` in the descriptor (r2). Uses r4
// and r5; r2 and r3 are kept.
void GenRegister(Builder& b, int16_t width_at) {
  Label loaded = b.NewLabel();
  b.AluImm(BPF_SUB, R4, 1);
  b.Mov(R5, R4);
  b.AluImm(BPF_AND, R5, 7);  // %ah..%dh: byte 1 of their slot
  b.AluImm(BPF_LSH, R5, 3);
  b.AluImm(BPF_AND, R4, ~7);
  b.MovImm(R0, 0);
  std::vector<Label> at;
  for (int16_t slot : kRegisterSlots) {
    at.push_back(b.NewLabel());
    b.JumpIfImm(BPF_JEQ, R4, slot, at.back());
  }
  b.Jump(loaded);  // no such register: 0
  for (size_t i = 0; i < at.size(); ++i) {
    b.Bind(at[i]);
    b.Load(8, R0, R6, kRegisterSlots[i]);
    b.Jump(loaded);
  }
  b.Bind(loaded);
  b.Alu(BPF_RSH, R0, R5);
  b.Load(1, R4, R2, width_at);
  b.Alu(BPF_LSH, R0, R4);
  b.Alu(BPF_RSH, R0, R4);
}

}  // namespace

std::array<uint8_t, kUsdtOperandSize> EncodeUsdtOperand(const elf::SdtArgument* arg) {
  std::array<uint8_t, kUsdtOperandSize> d{};
  if (arg == nullptr) return d;
  if (!arg->symbol.empty()) throw std::logic_error("an sdt operand's symbol is resolved first");
  int64_t value = arg->kind == elf::SdtOperandKind::kRegister ? 0 : arg->value;
  std::memcpy(d.data(), &value, 8);
  if (arg->kind != elf::SdtOperandKind::kConstant) PutRegister(d, 8, arg->reg);
  if (arg->kind == elf::SdtOperandKind::kMemory) {
    PutRegister(d, 10, arg->index);
    d[12] = static_cast<uint8_t>(elf::ScaleShift(arg->scale));
  }
  d[13] = static_cast<uint8_t>(64 - 8 * arg->size);
  d[14] =
      static_cast<uint8_t>((arg->kind == elf::SdtOperandKind::kMemory ? kUsdtOperandMemory : 0) |
                           (arg->is_signed ? kUsdtOperandSigned : 0));
  d[15] = arg->size;
  return d;
}

void GenUsdtOperandFetch(Builder& b, int16_t scratch, int16_t desc_slot) {
  Label no_base = b.NewLabel(), no_index = b.NewLabel(), extend = b.NewLabel(),
        size_ok = b.NewLabel(), is_unsigned = b.NewLabel(), done = b.NewLabel();
  // r3 = value + base + (index << scale)
  b.Load(8, R3, R2, 0);
  b.Load(1, R4, R2, 8);
  b.JumpIfImm(BPF_JEQ, R4, 0, no_base);
  GenRegister(b, 9);
  b.Alu(BPF_ADD, R3, R0);
  b.Bind(no_base);
  b.Load(1, R4, R2, 10);
  b.JumpIfImm(BPF_JEQ, R4, 0, no_index);
  GenRegister(b, 11);
  b.Load(1, R4, R2, 12);
  b.Alu(BPF_LSH, R0, R4);
  b.Alu(BPF_ADD, R3, R0);
  b.Bind(no_index);
  b.Mov(R0, R3);
  b.Load(1, R4, R2, 14);
  b.AluImm(BPF_AND, R4, kUsdtOperandMemory);
  b.JumpIfImm(BPF_JEQ, R4, 0, extend);
  // A memory operand: `size` bytes at r3 (a read that faults leaves 0).
  b.Store(8, R10, desc_slot, R2);
  b.StoreImm(8, R10, scratch, 0);
  b.Load(1, R2, R2, 15);
  b.JumpIfImm(BPF_JLE, R2, 8, size_ok);
  b.MovImm(R2, 8);
  b.Bind(size_ok);
  b.Mov(R1, R10);
  b.AluImm(BPF_ADD, R1, scratch);
  b.Call(BPF_FUNC_probe_read_user);
  b.Load(8, R0, R10, scratch);
  b.Load(8, R2, R10, desc_slot);
  // Keep `size` bytes, extended by the argument's sign.
  b.Bind(extend);
  b.Load(1, R4, R2, 13);
  b.Alu(BPF_LSH, R0, R4);
  b.Load(1, R5, R2, 14);
  b.AluImm(BPF_AND, R5, kUsdtOperandSigned);
  b.JumpIfImm(BPF_JEQ, R5, 0, is_unsigned);
  b.Alu(BPF_ARSH, R0, R4);
  b.Jump(done);
  b.Bind(is_unsigned);
  b.Alu(BPF_RSH, R0, R4);
  b.Bind(done);
}

const elf::SdtArgument* UsdtSiteOperand(const UsdtSite& site, int n) {
  if (!site.argument_error.empty() || n < 0 || static_cast<size_t>(n) >= site.arguments.size())
    return nullptr;
  return &site.arguments[static_cast<size_t>(n)];
}

void WriteUsdtSite(const LateProbeTable& table, std::vector<uint8_t>& value, uint32_t site_index,
                   const UsdtSite& site) {
  for (const auto& [n, region] : table.site_operands) {
    std::array<uint8_t, kUsdtOperandSize> d = EncodeUsdtOperand(UsdtSiteOperand(site, n));
    std::memcpy(value.data() + region + static_cast<size_t>(kUsdtOperandSize) * site_index,
                d.data(), d.size());
  }
}

}  // namespace dt
