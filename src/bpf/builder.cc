#include "bpf/builder.h"

#include <stdexcept>
#include <string>

#include "common/diagnostic.h"

namespace dt::bpf {

void Builder::Emit(const bpf_insn& insn) {
  // Checked as code grows, not at the end: inlines are expanded where they
  // are used, so a short program can ask for exponentially much code.
  if (insns_.size() >= kMaxInsns) {
    throw CompileError("D_DIF_TOOBIG", 0,
                       "program too large: code generation passed " + std::to_string(kMaxInsns) +
                           " BPF instructions (the kernel loads at most 1000000)");
  }
  insns_.push_back(insn);
}

void Builder::Emit(const WideInsn& insn) {
  Emit(insn[0]);
  Emit(insn[1]);
}

void Builder::EmitJump(const bpf_insn& insn, Label target) {
  fixups_.push_back({insns_.size(), target.id});
  Emit(insn);
}

void Builder::Alu(uint8_t op, Reg dst, Reg src) { Emit(encode::Alu(op, dst, src)); }
void Builder::AluImm(uint8_t op, Reg dst, int32_t imm) { Emit(encode::AluImm(op, dst, imm)); }
void Builder::Alu32(uint8_t op, Reg dst, Reg src) { Emit(encode::Alu32(op, dst, src)); }
void Builder::Alu32Imm(uint8_t op, Reg dst, int32_t imm) { Emit(encode::Alu32Imm(op, dst, imm)); }
void Builder::Neg(Reg dst) { Emit(encode::Neg(dst)); }
void Builder::ByteSwapToBe(Reg dst, int bits) { Emit(encode::ByteSwapToBe(dst, bits)); }

void Builder::LoadImm(Reg dst, uint64_t value) {
  auto as_signed = static_cast<int64_t>(value);
  if (as_signed >= INT32_MIN && as_signed <= INT32_MAX) {
    MovImm(dst, static_cast<int32_t>(as_signed));
    return;
  }
  Emit(encode::LoadImm64(dst, value));
}

void Builder::LoadMapFd(Reg dst, int map_index) { Emit(encode::LoadMapFd(dst, map_index)); }

void Builder::LoadMapValueAddr(Reg dst, int map_index, uint32_t offset) {
  Emit(encode::LoadMapValueAddr(dst, map_index, offset));
}

void Builder::LoadFuncAddr(Reg dst, Label target) {
  fixups_.push_back({insns_.size(), target.id, true});
  Emit(encode::LoadImm64(dst, BPF_PSEUDO_FUNC, 0, 0));
}

void Builder::Load(int size, Reg dst, Reg base, int16_t off) {
  Emit(encode::Load(SizeCode(size), dst, base, off));
}
void Builder::Store(int size, Reg base, int16_t off, Reg src) {
  Emit(encode::Store(SizeCode(size), base, off, src));
}
void Builder::StoreImm(int size, Reg base, int16_t off, int32_t imm) {
  Emit(encode::StoreImm(SizeCode(size), base, off, imm));
}
void Builder::AtomicAdd(int size, Reg base, int16_t off, Reg src) {
  Emit(encode::AtomicAdd(SizeCode(size), base, off, src));
}

void Builder::AtomicFetchAdd(int size, Reg base, int16_t off, Reg src) {
  Emit(encode::AtomicFetchAdd(SizeCode(size), base, off, src));
}

void Builder::AtomicCmpxchg(int size, Reg base, int16_t off, Reg src) {
  Emit(encode::AtomicCmpxchg(SizeCode(size), base, off, src));
}

Label Builder::NewLabel() {
  label_pos_.push_back(-1);
  return Label{static_cast<int>(label_pos_.size() - 1)};
}

void Builder::Bind(Label label) { label_pos_.at(label.id) = static_cast<long>(insns_.size()); }

void Builder::Jump(Label target) { EmitJump(encode::Jump(0), target); }
void Builder::JumpIf(uint8_t op, Reg a, Reg b, Label target) {
  EmitJump(encode::JumpIf(op, a, b, 0), target);
}
void Builder::JumpIfImm(uint8_t op, Reg a, int32_t imm, Label target) {
  EmitJump(encode::JumpIfImm(op, a, imm, 0), target);
}
void Builder::Call(int helper_id) { Emit(encode::Call(helper_id)); }
void Builder::Exit() { Emit(encode::Exit()); }

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
    if (f.in_imm) {
      insns_[f.insn].imm = static_cast<int32_t>(delta);
      continue;
    }
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
    if (!IsLoadImm64(insn)) continue;
    if (insn.src_reg == BPF_PSEUDO_MAP_FD || insn.src_reg == BPF_PSEUDO_MAP_VALUE) {
      insn.imm = fd_of_index(insn.imm);
    }
    ++i;  // skip the second half of ld_imm64
  }
}

}  // namespace dt::bpf
