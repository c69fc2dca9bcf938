// An assembler for eBPF instructions with symbolic jump labels.
//
// The code generator emits through this class instead of writing raw
// bpf_insn structs: jumps name a Label that is bound later, and map
// references carry the program's own map index, which the loader replaces
// with a file descriptor (ResolveMapFds) once the maps exist. Each
// instruction is encoded by bpf/insn.h.
#pragma once

#include <linux/bpf.h>

#include <cstdint>
#include <functional>
#include <vector>

#include "bpf/insn.h"

namespace dt::bpf {

struct Label {
  int id = -1;
};

class Builder {
 public:
  // Emitting more instructions than this throws CompileError D_DIF_TOOBIG
  // at once: four times what the kernel loads (1M), so that programs just
  // too large still get Finish()'s more precise message.
  static constexpr size_t kMaxInsns = 4 << 20;

  // 64-bit ALU. `op` is BPF_ADD, BPF_SUB, BPF_MUL, BPF_DIV, BPF_MOD, BPF_OR,
  // BPF_AND, BPF_XOR, BPF_LSH, BPF_RSH, BPF_ARSH, BPF_MOV.
  void Alu(uint8_t op, Reg dst, Reg src);
  void AluImm(uint8_t op, Reg dst, int32_t imm);
  void Alu32(uint8_t op, Reg dst, Reg src);
  void Alu32Imm(uint8_t op, Reg dst, int32_t imm);
  void Mov(Reg dst, Reg src) { Alu(BPF_MOV, dst, src); }
  void MovImm(Reg dst, int32_t imm) { AluImm(BPF_MOV, dst, imm); }
  void Neg(Reg dst);
  void ByteSwapToBe(Reg dst, int bits);  // BPF_END | BPF_TO_BE
  // Any 64-bit constant; uses a 2-slot ld_imm64 only when needed.
  void LoadImm(Reg dst, uint64_t value);
  // ld_imm64 of a map: `map_index` is the program's map index.
  void LoadMapFd(Reg dst, int map_index);
  // ld_imm64 of the address of a map's first value plus offset (array maps).
  void LoadMapValueAddr(Reg dst, int map_index, uint32_t offset);
  // ld_imm64 of the address of the function at `target` (BPF_PSEUDO_FUNC),
  // a callback for helpers such as bpf_loop.
  void LoadFuncAddr(Reg dst, Label target);

  // Memory. `size` is 1, 2, 4 or 8 bytes.
  void Load(int size, Reg dst, Reg base, int16_t off);
  void Store(int size, Reg base, int16_t off, Reg src);
  void StoreImm(int size, Reg base, int16_t off, int32_t imm);
  void AtomicAdd(int size, Reg base, int16_t off, Reg src);
  void AtomicFetchAdd(int size, Reg base, int16_t off, Reg src);
  void AtomicCmpxchg(int size, Reg base, int16_t off, Reg src);

  // Control flow. `op` is BPF_JEQ, BPF_JNE, BPF_JGT, BPF_JGE, BPF_JLT,
  // BPF_JLE, BPF_JSGT, BPF_JSGE, BPF_JSLT, BPF_JSLE, BPF_JSET.
  Label NewLabel();
  void Bind(Label label);
  void Jump(Label target);
  void JumpIf(uint8_t op, Reg a, Reg b, Label target);
  void JumpIfImm(uint8_t op, Reg a, int32_t imm, Label target);
  void Call(int helper_id);
  void Exit();

  size_t size() const { return insns_.size(); }
  // Whether some jump emitted so far targets `label`.
  bool IsJumpedTo(Label label) const;
  // Resolves every label; throws std::logic_error on an unbound label.
  std::vector<bpf_insn> Finish();

 private:
  struct Fixup {
    size_t insn;
    int label;
    bool in_imm = false;  // LoadFuncAddr: the offset goes in imm, not off
  };
  void Emit(const bpf_insn& insn);
  void Emit(const WideInsn& insn);
  // Emits a jump whose offset Finish() fills in.
  void EmitJump(const bpf_insn& insn, Label target);

  std::vector<bpf_insn> insns_;
  std::vector<long> label_pos_;
  std::vector<Fixup> fixups_;
};

// Replaces the map indexes in ld_imm64 map references with real fds.
void ResolveMapFds(std::vector<bpf_insn>& insns, const std::function<int(int)>& fd_of_index);

}  // namespace dt::bpf
