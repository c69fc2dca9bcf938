#include "bpf/disasm.h"

#include <cstdint>
#include <cstdio>
#include <string_view>

#include "bpf/insn.h"

// Opcode bits newer than some installed headers.
#ifndef BPF_MEMSX
#define BPF_MEMSX 0x80
#endif
#ifndef BPF_JCOND
#define BPF_JCOND 0xe0
#endif
#ifndef BPF_LOAD_ACQ
#define BPF_LOAD_ACQ 0x100
#endif
#ifndef BPF_STORE_REL
#define BPF_STORE_REL 0x110
#endif

namespace dt {
namespace {

// The helper list is the kernel header's own, so it can never disagree with
// the ids the code generator emits. The mapper passes one argument (older
// headers) or the name plus its id (newer ones); only the name is used. The
// mapper supplies the separating commas itself.
#define DT_HELPER_NAME(name, ...) "bpf_" #name
constexpr const char* kHelperNames[] = {__BPF_FUNC_MAPPER(DT_HELPER_NAME)};
#undef DT_HELPER_NAME

std::string Hex(uint64_t value) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(value));
  return buf;
}

std::string Signed(int64_t value, bool always_sign) {
  std::string digits = std::to_string(value);
  return (always_sign && value >= 0) ? "+" + digits : digits;
}

std::string Reg(int reg, bool wide) { return (wide ? "r" : "w") + std::to_string(reg); }

const char* SizeName(uint8_t size) {
  switch (size) {
    case BPF_B:
      return "u8";
    case BPF_H:
      return "u16";
    case BPF_W:
      return "u32";
    default:
      return "u64";
  }
}

const char* SignedSizeName(uint8_t size) {
  switch (size) {
    case BPF_B:
      return "s8";
    case BPF_H:
      return "s16";
    case BPF_W:
      return "s32";
    default:
      return "s64";
  }
}

// "(r10 - 8)", "(r1 + 0)".
std::string Address(int base, int16_t off) {
  std::string text = "(r" + std::to_string(base);
  text += off < 0 ? " - " + std::to_string(-static_cast<int>(off)) : " + " + std::to_string(off);
  return text + ")";
}

// "*(u64 *)(r10 - 8)".
std::string Memory(const char* type, int base, int16_t off) {
  return std::string("*(") + type + " *)" + Address(base, off);
}

// "+5 <12>": relative offset as encoded, and the slot it lands on.
std::string JumpTarget(size_t pc, int64_t off) {
  return Signed(off, true) + " <" + std::to_string(static_cast<int64_t>(pc) + 1 + off) + ">";
}

std::string Invalid(uint8_t code) { return "<invalid opcode " + Hex(code) + ">"; }

std::string Alu(const bpf_insn& insn) {
  const bool wide = BPF_CLASS(insn.code) == BPF_ALU64;
  const bool from_reg = BPF_SRC(insn.code) == BPF_X;
  const std::string dst = Reg(insn.dst_reg, wide);
  const std::string src = from_reg ? Reg(insn.src_reg, wide) : std::to_string(insn.imm);
  const uint8_t op = BPF_OP(insn.code);

  if (op == BPF_END) {
    // ALU: le/be conversion; ALU64: unconditional byte swap (cpu v4).
    const char* kind = wide ? "bswap" : (from_reg ? "be" : "le");
    return Reg(insn.dst_reg, true) + " = " + kind + std::to_string(insn.imm) + " " +
           Reg(insn.dst_reg, true);
  }
  if (op == BPF_NEG) return dst + " = -" + dst;
  if (op == BPF_MOV) {
    if (from_reg && insn.off != 0) {  // sign-extending move (cpu v4)
      return dst + " = (s" + std::to_string(insn.off) + ")" + src;
    }
    return dst + " = " + src;
  }

  const bool signed_div = insn.off == 1;
  std::string_view symbol;
  switch (op) {
    case BPF_ADD:
      symbol = "+=";
      break;
    case BPF_SUB:
      symbol = "-=";
      break;
    case BPF_MUL:
      symbol = "*=";
      break;
    case BPF_DIV:
      symbol = signed_div ? "s/=" : "/=";
      break;
    case BPF_MOD:
      symbol = signed_div ? "s%=" : "%=";
      break;
    case BPF_OR:
      symbol = "|=";
      break;
    case BPF_AND:
      symbol = "&=";
      break;
    case BPF_XOR:
      symbol = "^=";
      break;
    case BPF_LSH:
      symbol = "<<=";
      break;
    case BPF_RSH:
      symbol = ">>=";
      break;
    case BPF_ARSH:
      symbol = "s>>=";
      break;
    default:
      return Invalid(insn.code);
  }
  return dst + " " + std::string(symbol) + " " + src;
}

std::string Jump(const bpf_insn& insn, size_t pc) {
  const bool wide = BPF_CLASS(insn.code) == BPF_JMP;
  const uint8_t op = BPF_OP(insn.code);
  switch (op) {
    case BPF_JA:
      // JMP32 ja ("gotol") keeps its 32-bit offset in imm.
      return wide ? "goto " + JumpTarget(pc, insn.off) : "gotol " + JumpTarget(pc, insn.imm);
    case BPF_CALL:
      if (!wide) break;
      if (insn.src_reg == BPF_PSEUDO_CALL) {
        return "call pc" + Signed(insn.imm, true) + " <" +
               std::to_string(static_cast<int64_t>(pc) + 1 + insn.imm) + ">";
      }
      if (insn.src_reg == BPF_PSEUDO_KFUNC_CALL) return "call kfunc#" + std::to_string(insn.imm);
      return "call " + BpfHelperName(insn.imm) + "#" + std::to_string(insn.imm);
    case BPF_EXIT:
      if (!wide) break;
      return "exit";
    case BPF_JCOND:
      if (!wide) break;
      return "may_goto " + JumpTarget(pc, insn.off);
    default: {
      std::string_view cond;
      switch (op) {
        case BPF_JEQ:
          cond = "==";
          break;
        case BPF_JNE:
          cond = "!=";
          break;
        case BPF_JGT:
          cond = ">";
          break;
        case BPF_JGE:
          cond = ">=";
          break;
        case BPF_JLT:
          cond = "<";
          break;
        case BPF_JLE:
          cond = "<=";
          break;
        case BPF_JSGT:
          cond = "s>";
          break;
        case BPF_JSGE:
          cond = "s>=";
          break;
        case BPF_JSLT:
          cond = "s<";
          break;
        case BPF_JSLE:
          cond = "s<=";
          break;
        case BPF_JSET:
          cond = "&";
          break;
        default:
          return Invalid(insn.code);
      }
      const std::string rhs = BPF_SRC(insn.code) == BPF_X ? Reg(insn.src_reg, wide)
                                                          : Hex(static_cast<uint32_t>(insn.imm));
      return "if " + Reg(insn.dst_reg, wide) + " " + std::string(cond) + " " + rhs + " goto " +
             JumpTarget(pc, insn.off);
    }
  }
  return Invalid(insn.code);
}

std::string Atomic(const bpf_insn& insn) {
  const uint8_t size = BPF_SIZE(insn.code);
  if (size != BPF_W && size != BPF_DW && insn.imm != BPF_LOAD_ACQ && insn.imm != BPF_STORE_REL) {
    return Invalid(insn.code);
  }
  const bool wide = size == BPF_DW;
  const std::string type = SizeName(size);
  const std::string src = Reg(insn.src_reg, wide);
  const std::string operand = "(" + type + " *)" + Address(insn.dst_reg, insn.off);
  const std::string fn_prefix = wide ? "atomic64_" : "atomic_";

  const int op = insn.imm & ~BPF_FETCH;
  const bool fetch = (insn.imm & BPF_FETCH) != 0;
  std::string_view name, symbol;
  switch (op) {
    case BPF_ADD:
      name = "add", symbol = "+=";
      break;
    case BPF_AND:
      name = "and", symbol = "&=";
      break;
    case BPF_OR:
      name = "or", symbol = "|=";
      break;
    case BPF_XOR:
      name = "xor", symbol = "^=";
      break;
    default:
      break;
  }
  if (!name.empty()) {
    if (!fetch) return "lock *" + operand + " " + std::string(symbol) + " " + src;
    return src + " = " + fn_prefix + "fetch_" + std::string(name) + "(" + operand + ", " + src +
           ")";
  }
  switch (insn.imm) {
    case BPF_XCHG:
      return src + " = " + fn_prefix + "xchg(" + operand + ", " + src + ")";
    case BPF_CMPXCHG: {
      const std::string r0 = Reg(0, wide);
      return r0 + " = " + fn_prefix + "cmpxchg(" + operand + ", " + r0 + ", " + src + ")";
    }
    case BPF_LOAD_ACQ:  // the loaded value is zero-extended into the full register
      return Reg(insn.dst_reg, true) + " = load_acquire((" + type + " *)" +
             Address(insn.src_reg, insn.off) + ")";
    case BPF_STORE_REL:
      return "store_release(" + operand + ", " + Reg(insn.src_reg, size == BPF_DW) + ")";
    default:
      return Invalid(insn.code) + " (atomic op " + Hex(static_cast<uint32_t>(insn.imm)) + ")";
  }
}

std::string Store(const bpf_insn& insn) {
  const uint8_t mode = BPF_MODE(insn.code);
  const char* type = SizeName(BPF_SIZE(insn.code));
  if (BPF_CLASS(insn.code) == BPF_ST) {
    if (mode != BPF_MEM) return Invalid(insn.code);
    return Memory(type, insn.dst_reg, insn.off) + " = " + std::to_string(insn.imm);
  }
  if (mode == BPF_ATOMIC) return Atomic(insn);
  if (mode != BPF_MEM) return Invalid(insn.code);
  return Memory(type, insn.dst_reg, insn.off) + " = " + Reg(insn.src_reg, true);
}

std::string LoadFromMemory(const bpf_insn& insn) {
  const uint8_t mode = BPF_MODE(insn.code);
  const uint8_t size = BPF_SIZE(insn.code);
  if (mode == BPF_MEM) {
    return Reg(insn.dst_reg, true) + " = " + Memory(SizeName(size), insn.src_reg, insn.off);
  }
  if (mode == BPF_MEMSX && size != BPF_DW) {
    return Reg(insn.dst_reg, true) + " = " + Memory(SignedSizeName(size), insn.src_reg, insn.off);
  }
  return Invalid(insn.code);
}

class Disassembler {
 public:
  Disassembler(const std::vector<bpf_insn>& insns, const std::function<std::string(int)>& map_name)
      : insns_(insns), map_name_(map_name) {}

  std::string Run() {
    std::string out;
    for (size_t pc = 0; pc < insns_.size(); ++pc) {
      char index[32];
      std::snprintf(index, sizeof index, "%4zu: ", pc);
      out += index;
      out += Instruction(pc);
      out += '\n';
      if (bpf::IsLoadImm64(insns_[pc])) ++pc;  // second half
    }
    return out;
  }

 private:
  std::string Instruction(size_t pc) const {
    const bpf_insn& insn = insns_[pc];
    switch (BPF_CLASS(insn.code)) {
      case BPF_ALU:
      case BPF_ALU64:
        return Alu(insn);
      case BPF_JMP:
      case BPF_JMP32:
        return Jump(insn, pc);
      case BPF_LDX:
        return LoadFromMemory(insn);
      case BPF_ST:
      case BPF_STX:
        return Store(insn);
      case BPF_LD:
        return Load(pc);
    }
    return Invalid(insn.code);
  }

  std::string MapName(int ref, const char* unnamed_kind) const {
    if (map_name_) return map_name_(ref);
    return std::string(unnamed_kind) + ":" + std::to_string(ref);
  }

  std::string Load(size_t pc) const {
    const bpf_insn& insn = insns_[pc];
    const uint8_t mode = BPF_MODE(insn.code);
    const uint8_t size = BPF_SIZE(insn.code);
    if (mode == BPF_ABS || mode == BPF_IND) {  // legacy packet access
      std::string index = mode == BPF_IND ? Reg(insn.src_reg, true) + " + " : "";
      return "r0 = *(" + std::string(SizeName(size)) + " *)skb[" + index +
             std::to_string(insn.imm) + "]";
    }
    if (mode != BPF_IMM || size != BPF_DW) return Invalid(insn.code);

    const std::string dst = Reg(insn.dst_reg, true);
    if (pc + 1 >= insns_.size()) return dst + " = <ld_imm64 missing its second slot>";
    const bpf_insn& next = insns_[pc + 1];
    const uint64_t value = static_cast<uint32_t>(insn.imm) |
                           (static_cast<uint64_t>(static_cast<uint32_t>(next.imm)) << 32);
    switch (insn.src_reg) {
      case 0:
        return dst + " = " + Hex(value) + " ll";
      case BPF_PSEUDO_MAP_FD:
        return dst + " = map[" + MapName(insn.imm, "fd") + "] ll";
      case BPF_PSEUDO_MAP_IDX:
        return dst + " = map[" + MapName(insn.imm, "idx") + "] ll";
      case BPF_PSEUDO_MAP_VALUE:
      case BPF_PSEUDO_MAP_IDX_VALUE: {
        const char* kind = insn.src_reg == BPF_PSEUDO_MAP_VALUE ? "fd" : "idx";
        return dst + " = map[" + MapName(insn.imm, kind) + "]+" +
               std::to_string(static_cast<uint32_t>(next.imm)) + " ll";
      }
      case BPF_PSEUDO_BTF_ID:
        return dst + " = btf_id[" + std::to_string(insn.imm) + "] ll";
      case BPF_PSEUDO_FUNC:
        return dst + " = func pc" + Signed(insn.imm, true) + " <" +
               std::to_string(static_cast<int64_t>(pc) + 1 + insn.imm) + "> ll";
    }
    return dst + " = <ld_imm64 with unknown src_reg " + std::to_string(insn.src_reg) + "> " +
           Hex(value) + " ll";
  }

  const std::vector<bpf_insn>& insns_;
  const std::function<std::string(int)>& map_name_;
};

}  // namespace

std::string BpfHelperName(int helper_id) {
  constexpr int kCount = static_cast<int>(sizeof kHelperNames / sizeof kHelperNames[0]);
  if (helper_id <= 0 || helper_id >= kCount) return "unknown";
  return kHelperNames[helper_id];
}

std::string DisassembleBpf(const std::vector<bpf_insn>& insns,
                           const std::function<std::string(int map_ref)>& map_name) {
  return Disassembler(insns, map_name).Run();
}

}  // namespace dt
