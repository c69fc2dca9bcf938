#include "bpf/builder.h"

#include <stdexcept>
#include <string>

#include "common/diagnostic.h"

namespace dt::bpf {

uint8_t SizeCode(int bytes) {
  switch (bytes) {
    case 1:
      return BPF_B;
    case 2:
      return BPF_H;
    case 4:
      return BPF_W;
    case 8:
      return BPF_DW;
  }
  throw std::logic_error("bad access size " + std::to_string(bytes));
}

void Builder::Emit(uint8_t code, Reg dst, Reg src, int16_t off, int32_t imm) {
  // Checked as code grows, not at the end: inlines are expanded where they
  // are used, so a short program can ask for exponentially much code.
  if (insns_.size() >= kMaxInsns) {
    throw CompileError("D_DIF_TOOBIG", 0,
                       "program too large: code generation passed " + std::to_string(kMaxInsns) +
                           " BPF instructions (the kernel loads at most 1000000)");
  }
  bpf_insn insn{};
  insn.code = code;
  insn.dst_reg = dst;
  insn.src_reg = src;
  insn.off = off;
  insn.imm = imm;
  insns_.push_back(insn);
}

void Builder::Alu(uint8_t op, Reg dst, Reg src) { Emit(BPF_ALU64 | op | BPF_X, dst, src, 0, 0); }
void Builder::AluImm(uint8_t op, Reg dst, int32_t imm) {
  Emit(BPF_ALU64 | op | BPF_K, dst, R0, 0, imm);
}
void Builder::Alu32(uint8_t op, Reg dst, Reg src) { Emit(BPF_ALU | op | BPF_X, dst, src, 0, 0); }
void Builder::Alu32Imm(uint8_t op, Reg dst, int32_t imm) {
  Emit(BPF_ALU | op | BPF_K, dst, R0, 0, imm);
}
void Builder::Neg(Reg dst) { Emit(BPF_ALU64 | BPF_NEG | BPF_K, dst, R0, 0, 0); }
void Builder::ByteSwapToBe(Reg dst, int bits) {
  Emit(BPF_ALU | BPF_END | BPF_TO_BE, dst, R0, 0, bits);
}

void Builder::LoadImm(Reg dst, uint64_t value) {
  auto as_signed = static_cast<int64_t>(value);
  if (as_signed >= INT32_MIN && as_signed <= INT32_MAX) {
    MovImm(dst, static_cast<int32_t>(as_signed));
    return;
  }
  Emit(BPF_LD | BPF_DW | BPF_IMM, dst, R0, 0, static_cast<int32_t>(value & 0xffffffffu));
  Emit(0, R0, R0, 0, static_cast<int32_t>(value >> 32));
}

void Builder::LoadMapFd(Reg dst, int map_index) {
  Emit(BPF_LD | BPF_DW | BPF_IMM, dst, static_cast<Reg>(BPF_PSEUDO_MAP_FD), 0, map_index);
  Emit(0, R0, R0, 0, 0);
}

void Builder::LoadMapValueAddr(Reg dst, int map_index, uint32_t offset) {
  Emit(BPF_LD | BPF_DW | BPF_IMM, dst, static_cast<Reg>(BPF_PSEUDO_MAP_VALUE), 0, map_index);
  Emit(0, R0, R0, 0, static_cast<int32_t>(offset));
}

void Builder::Load(int size, Reg dst, Reg base, int16_t off) {
  Emit(BPF_LDX | SizeCode(size) | BPF_MEM, dst, base, off, 0);
}
void Builder::Store(int size, Reg base, int16_t off, Reg src) {
  Emit(BPF_STX | SizeCode(size) | BPF_MEM, base, src, off, 0);
}
void Builder::StoreImm(int size, Reg base, int16_t off, int32_t imm) {
  Emit(BPF_ST | SizeCode(size) | BPF_MEM, base, R0, off, imm);
}
void Builder::AtomicAdd(int size, Reg base, int16_t off, Reg src) {
  Emit(BPF_STX | SizeCode(size) | BPF_ATOMIC, base, src, off, BPF_ADD);
}

Label Builder::NewLabel() {
  label_pos_.push_back(-1);
  return Label{static_cast<int>(label_pos_.size() - 1)};
}

void Builder::Bind(Label label) { label_pos_.at(label.id) = static_cast<long>(insns_.size()); }

void Builder::Jump(Label target) {
  fixups_.push_back({insns_.size(), target.id});
  Emit(BPF_JMP | BPF_JA, R0, R0, 0, 0);
}
void Builder::JumpIf(uint8_t op, Reg a, Reg b, Label target) {
  fixups_.push_back({insns_.size(), target.id});
  Emit(BPF_JMP | op | BPF_X, a, b, 0, 0);
}
void Builder::JumpIfImm(uint8_t op, Reg a, int32_t imm, Label target) {
  fixups_.push_back({insns_.size(), target.id});
  Emit(BPF_JMP | op | BPF_K, a, R0, 0, imm);
}
void Builder::Call(int helper_id) { Emit(BPF_JMP | BPF_CALL, R0, R0, 0, helper_id); }
void Builder::Exit() { Emit(BPF_JMP | BPF_EXIT, R0, R0, 0, 0); }

bool Builder::IsJumpedTo(Label label) const {
  for (const Fixup& f : fixups_)
    if (f.label == label.id) return true;
  return false;
}

std::vector<bpf_insn> Builder::Finish() {
  for (const Fixup& f : fixups_) {
    long target = label_pos_.at(f.label);
    if (target < 0) throw std::logic_error("BPF label never bound");
    long delta = target - static_cast<long>(f.insn) - 1;
    if (delta < INT16_MIN || delta > INT16_MAX) {
      // A user's program can get here (one huge clause), so this is a
      // compile error, not an internal one.
      throw CompileError("D_DIF_TOOBIG", 0,
                         "program too large: a clause spans more than 32767 BPF instructions; "
                         "split it into several clauses");
    }
    insns_[f.insn].off = static_cast<int16_t>(delta);
  }
  fixups_.clear();
  return insns_;
}

void ResolveMapFds(std::vector<bpf_insn>& insns, const std::function<int(int)>& fd_of_index) {
  for (size_t i = 0; i < insns.size(); ++i) {
    bpf_insn& insn = insns[i];
    if (insn.code != (BPF_LD | BPF_DW | BPF_IMM)) continue;
    if (insn.src_reg == BPF_PSEUDO_MAP_FD || insn.src_reg == BPF_PSEUDO_MAP_VALUE) {
      insn.imm = fd_of_index(insn.imm);
    }
    ++i;  // skip the second half of ld_imm64
  }
}

}  // namespace dt::bpf
