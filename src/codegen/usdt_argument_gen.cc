#include "codegen/usdt_argument_gen.h"

#include <linux/bpf.h>

#include <stdexcept>

#include "elf/sdt_fetch.h"

namespace dt {

namespace {

using namespace bpf;

// reg = the low `size` bytes of reg, sign- or zero-extended.
void Extend(Builder& b, Reg reg, uint8_t size, bool is_signed) {
  if (size >= 8) return;
  int32_t shift = 64 - 8 * size;
  b.AluImm(BPF_LSH, reg, shift);
  b.AluImm(is_signed ? BPF_ARSH : BPF_RSH, reg, shift);
}

// dst = a register's saved value (its width, zero-extended).
void LoadRegister(Builder& b, Reg dst, const elf::X86Register& r) {
  b.Load(r.size, dst, R6, static_cast<int16_t>(r.pt_regs_offset));
}

}  // namespace

void GenUsdtArgument(Builder& b, const elf::SdtArgument& arg, int16_t scratch) {
  switch (arg.kind) {
    case elf::SdtOperandKind::kConstant:
      b.LoadImm(R0, elf::ExtendSdtValue(static_cast<uint64_t>(arg.value), arg.size, arg.is_signed));
      return;
    case elf::SdtOperandKind::kRegister:
      LoadRegister(b, R0, *arg.reg);
      Extend(b, R0, arg.size, arg.is_signed);
      return;
    case elf::SdtOperandKind::kMemory:
      break;
  }
  // r3 = displacement + base + index * scale: the address to read.
  b.LoadImm(R3, static_cast<uint64_t>(arg.value));
  if (arg.reg) {
    LoadRegister(b, R1, *arg.reg);
    b.Alu(BPF_ADD, R3, R1);
  }
  if (arg.index) {
    LoadRegister(b, R1, *arg.index);
    if (arg.scale != 1) b.AluImm(BPF_LSH, R1, elf::ScaleShift(arg.scale));
    b.Alu(BPF_ADD, R3, R1);
  }
  // A read that faults leaves 0, as an argument the probe could not fetch.
  b.StoreImm(8, R10, scratch, 0);
  b.Mov(R1, R10);
  b.AluImm(BPF_ADD, R1, scratch);
  b.MovImm(R2, arg.size);
  b.Call(BPF_FUNC_probe_read_user);
  b.Load(8, R0, R10, scratch);
  Extend(b, R0, arg.size, arg.is_signed);
}

}  // namespace dt
