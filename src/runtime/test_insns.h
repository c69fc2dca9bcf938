// Test-only: a few hand-assembled BPF instructions for the runtime tests
// (the real programs come from src/codegen), and the root check.
#pragma once

#include <linux/bpf.h>
#include <unistd.h>

#include <vector>

#define DT_REQUIRE_ROOT()                                                     \
  do {                                                                        \
    if (geteuid() != 0) GTEST_SKIP() << "needs root: loads real BPF objects"; \
  } while (0)

namespace dt::runtime::test {

inline bpf_insn Insn(uint8_t code, uint8_t dst, uint8_t src, int16_t off, int32_t imm) {
  bpf_insn insn{};
  insn.code = code;
  insn.dst_reg = dst;
  insn.src_reg = src;
  insn.off = off;
  insn.imm = imm;
  return insn;
}

inline bpf_insn MovImm(uint8_t dst, int32_t imm) {
  return Insn(BPF_ALU64 | BPF_MOV | BPF_K, dst, 0, 0, imm);
}
inline bpf_insn MovReg(uint8_t dst, uint8_t src) {
  return Insn(BPF_ALU64 | BPF_MOV | BPF_X, dst, src, 0, 0);
}
inline bpf_insn AddImm(uint8_t dst, int32_t imm) {
  return Insn(BPF_ALU64 | BPF_ADD | BPF_K, dst, 0, 0, imm);
}
inline bpf_insn StoreImm(uint8_t size, uint8_t dst, int16_t off, int32_t imm) {
  return Insn(BPF_ST | BPF_MEM | size, dst, 0, off, imm);
}
inline bpf_insn Call(int32_t helper) { return Insn(BPF_JMP | BPF_CALL, 0, 0, 0, helper); }
inline bpf_insn Exit() { return Insn(BPF_JMP | BPF_EXIT, 0, 0, 0, 0); }
inline bpf_insn JumpIfEqImm(uint8_t dst, int32_t imm, int16_t off) {
  return Insn(BPF_JMP | BPF_JEQ | BPF_K, dst, 0, off, imm);
}
inline bpf_insn AtomicAdd64(uint8_t dst, uint8_t src, int16_t off) {
  return Insn(BPF_STX | BPF_ATOMIC | BPF_DW, dst, src, off, BPF_ADD);
}

// ld_imm64 of a map fd: two instruction slots.
inline void LoadMapFd(std::vector<bpf_insn>* out, uint8_t dst, int map_fd) {
  out->push_back(Insn(BPF_LD | BPF_IMM | BPF_DW, dst, BPF_PSEUDO_MAP_FD, 0, map_fd));
  out->push_back(Insn(0, 0, 0, 0, 0));
}

// mov r0, value; exit
inline std::vector<bpf_insn> ReturnConstant(int32_t value) { return {MovImm(0, value), Exit()}; }

// Adds 1 to the u64 at key 0 of the array map `map_fd`, returns 0.
inline std::vector<bpf_insn> CountIntoArray(int map_fd) {
  std::vector<bpf_insn> insns;
  insns.push_back(StoreImm(BPF_W, BPF_REG_10, -4, 0));  // key = 0
  LoadMapFd(&insns, BPF_REG_1, map_fd);
  insns.push_back(MovReg(BPF_REG_2, BPF_REG_10));
  insns.push_back(AddImm(BPF_REG_2, -4));
  insns.push_back(Call(BPF_FUNC_map_lookup_elem));
  insns.push_back(JumpIfEqImm(BPF_REG_0, 0, 2));
  insns.push_back(MovImm(BPF_REG_1, 1));
  insns.push_back(AtomicAdd64(BPF_REG_0, BPF_REG_1, 0));
  insns.push_back(MovImm(BPF_REG_0, 0));
  insns.push_back(Exit());
  return insns;
}

}  // namespace dt::runtime::test
