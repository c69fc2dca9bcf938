// The encoding of single eBPF instructions: registers, access sizes, and
// one constructor per instruction form the tools emit.
//
// Everything that writes instructions goes through these constructors:
// the code generator's Builder (bpf/builder.h), the runtime's tests, and
// the program surgery of the verifier cost report. They live in their own
// namespace, `bpf::encode`, because many code generator files say `using
// namespace bpf` and have helpers of their own named Load, Store or Call.
//
// A ld_imm64 occupies two slots; its constructors return both. Offsets of
// jumps are relative to the next instruction, as the kernel counts them.
#pragma once

#include <linux/bpf.h>

#include <array>
#include <cstdint>

namespace dt::bpf {

enum Reg : uint8_t { R0 = 0, R1, R2, R3, R4, R5, R6, R7, R8, R9, R10 };

// Size code (BPF_B/H/W/DW) for an access of 1, 2, 4 or 8 bytes; throws
// std::logic_error for any other width.
uint8_t SizeCode(int bytes);

// A 16-byte ld_imm64 (both slots).
using WideInsn = std::array<bpf_insn, 2>;

// The instruction's first slot starts a ld_imm64.
constexpr bool IsLoadImm64(const bpf_insn& insn) {
  return insn.code == (BPF_LD | BPF_DW | BPF_IMM);
}

// A jump with an offset (conditional or not); calls and exits are not.
// JMP32's ja (gotol) counts too, though its offset is in imm.
constexpr bool IsJumpWithOffset(const bpf_insn& insn) {
  const uint8_t cls = BPF_CLASS(insn.code);
  if (cls != BPF_JMP && cls != BPF_JMP32) return false;
  const uint8_t op = BPF_OP(insn.code);
  return op != BPF_CALL && op != BPF_EXIT;
}

namespace encode {

constexpr bpf_insn Insn(uint8_t code, uint8_t dst, uint8_t src, int16_t off, int32_t imm) {
  bpf_insn insn{};
  insn.code = code;
  insn.dst_reg = dst & 0xf;
  insn.src_reg = src & 0xf;
  insn.off = off;
  insn.imm = imm;
  return insn;
}

// 64-bit ALU. `op` is BPF_ADD, BPF_SUB, BPF_MUL, BPF_DIV, BPF_MOD, BPF_OR,
// BPF_AND, BPF_XOR, BPF_LSH, BPF_RSH, BPF_ARSH or BPF_MOV.
constexpr bpf_insn Alu(uint8_t op, Reg dst, Reg src) {
  return Insn(BPF_ALU64 | op | BPF_X, dst, src, 0, 0);
}
constexpr bpf_insn AluImm(uint8_t op, Reg dst, int32_t imm) {
  return Insn(BPF_ALU64 | op | BPF_K, dst, R0, 0, imm);
}
// 32-bit ALU: the result is zero-extended into the whole register.
constexpr bpf_insn Alu32(uint8_t op, Reg dst, Reg src) {
  return Insn(BPF_ALU | op | BPF_X, dst, src, 0, 0);
}
constexpr bpf_insn Alu32Imm(uint8_t op, Reg dst, int32_t imm) {
  return Insn(BPF_ALU | op | BPF_K, dst, R0, 0, imm);
}
constexpr bpf_insn Mov(Reg dst, Reg src) { return Alu(BPF_MOV, dst, src); }
constexpr bpf_insn MovImm(Reg dst, int32_t imm) { return AluImm(BPF_MOV, dst, imm); }
constexpr bpf_insn Neg(Reg dst) { return Insn(BPF_ALU64 | BPF_NEG | BPF_K, dst, R0, 0, 0); }
// Converts the low `bits` (16, 32, 64) of dst to big-endian.
constexpr bpf_insn ByteSwapToBe(Reg dst, int bits) {
  return Insn(BPF_ALU | BPF_END | BPF_TO_BE, dst, R0, 0, bits);
}

// ld_imm64 with a pseudo source (0 for a plain constant): `low` in the
// first slot's imm, `high` in the second's.
constexpr WideInsn LoadImm64(Reg dst, uint8_t pseudo, int32_t low, int32_t high) {
  return {Insn(BPF_LD | BPF_DW | BPF_IMM, dst, pseudo, 0, low), Insn(0, R0, R0, 0, high)};
}
constexpr WideInsn LoadImm64(Reg dst, uint64_t value) {
  return LoadImm64(dst, 0, static_cast<int32_t>(value & 0xffffffffu),
                   static_cast<int32_t>(value >> 32));
}
// A map reference: the loader reads `map` as a file descriptor (the code
// generator writes its own map index there and resolves it before loading).
constexpr WideInsn LoadMapFd(Reg dst, int map) { return LoadImm64(dst, BPF_PSEUDO_MAP_FD, map, 0); }
// The address of an array map's first value plus `offset`.
constexpr WideInsn LoadMapValueAddr(Reg dst, int map, uint32_t offset) {
  return LoadImm64(dst, BPF_PSEUDO_MAP_VALUE, map, static_cast<int32_t>(offset));
}

// Memory; `size` is a size code (SizeCode()).
constexpr bpf_insn Load(uint8_t size, Reg dst, Reg base, int16_t off) {
  return Insn(BPF_LDX | size | BPF_MEM, dst, base, off, 0);
}
constexpr bpf_insn Store(uint8_t size, Reg base, int16_t off, Reg src) {
  return Insn(BPF_STX | size | BPF_MEM, base, src, off, 0);
}
constexpr bpf_insn StoreImm(uint8_t size, Reg base, int16_t off, int32_t imm) {
  return Insn(BPF_ST | size | BPF_MEM, base, R0, off, imm);
}
constexpr bpf_insn AtomicAdd(uint8_t size, Reg base, int16_t off, Reg src) {
  return Insn(BPF_STX | size | BPF_ATOMIC, base, src, off, BPF_ADD);
}
// src = the old value; the memory gets old + src.
constexpr bpf_insn AtomicFetchAdd(uint8_t size, Reg base, int16_t off, Reg src) {
  return Insn(BPF_STX | size | BPF_ATOMIC, base, src, off, BPF_ADD | BPF_FETCH);
}
// If the memory holds r0, it gets src; r0 = the old value either way.
constexpr bpf_insn AtomicCmpxchg(uint8_t size, Reg base, int16_t off, Reg src) {
  return Insn(BPF_STX | size | BPF_ATOMIC, base, src, off, BPF_CMPXCHG);
}

// Control flow. `op` is BPF_JEQ, BPF_JNE, BPF_JGT, BPF_JGE, BPF_JLT,
// BPF_JLE, BPF_JSGT, BPF_JSGE, BPF_JSLT, BPF_JSLE or BPF_JSET.
constexpr bpf_insn Jump(int16_t off) { return Insn(BPF_JMP | BPF_JA, R0, R0, off, 0); }
constexpr bpf_insn JumpIf(uint8_t op, Reg a, Reg b, int16_t off) {
  return Insn(BPF_JMP | op | BPF_X, a, b, off, 0);
}
constexpr bpf_insn JumpIfImm(uint8_t op, Reg a, int32_t imm, int16_t off) {
  return Insn(BPF_JMP | op | BPF_K, a, R0, off, imm);
}
constexpr bpf_insn Call(int32_t helper_id) {
  return Insn(BPF_JMP | BPF_CALL, R0, R0, 0, helper_id);
}
constexpr bpf_insn Exit() { return Insn(BPF_JMP | BPF_EXIT, R0, R0, 0, 0); }
// "goto +0": the instruction that does nothing.
constexpr bpf_insn Nop() { return Jump(0); }

}  // namespace encode
}  // namespace dt::bpf
