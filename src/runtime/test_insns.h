// Test-only: the small BPF programs the runtime tests load (the real ones
// come from src/codegen), assembled with the shared encoder, and the root
// check.
#pragma once

#include <linux/bpf.h>
#include <unistd.h>

#include <vector>

#include "bpf/builder.h"

#define DT_REQUIRE_ROOT()                                                     \
  do {                                                                        \
    if (geteuid() != 0) GTEST_SKIP() << "needs root: loads real BPF objects"; \
  } while (0)

namespace dt::runtime::test {

// r0 = value; exit
inline std::vector<bpf_insn> ReturnConstant(int32_t value) {
  return {bpf::encode::MovImm(bpf::R0, value), bpf::encode::Exit()};
}

// Adds 1 to the u64 at key 0 of the array map `map_fd`, returns 0.
inline std::vector<bpf_insn> CountIntoArray(int map_fd) {
  using namespace bpf;
  Builder b;
  Label missing = b.NewLabel();
  b.StoreImm(4, R10, -4, 0);  // key = 0
  b.LoadMapFd(R1, 0);
  b.Mov(R2, R10);
  b.AluImm(BPF_ADD, R2, -4);
  b.Call(BPF_FUNC_map_lookup_elem);
  b.JumpIfImm(BPF_JEQ, R0, 0, missing);
  b.MovImm(R1, 1);
  b.AtomicAdd(8, R0, 0, R1);
  b.Bind(missing);
  b.MovImm(R0, 0);
  b.Exit();
  std::vector<bpf_insn> insns = b.Finish();
  ResolveMapFds(insns, [&](int) { return map_fd; });
  return insns;
}

}  // namespace dt::runtime::test
