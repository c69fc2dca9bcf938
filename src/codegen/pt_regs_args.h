// Function arguments and return values read from an x86-64 struct pt_regs:
// what a uprobe (pid) or a kprobe (fbt's fallback) program's context points
// at. One place for the register offsets and the SysV ABI's argument order.
#pragma once

#include <cstdint>

namespace dt {

class FunctionGen;

// struct pt_regs offset of %rax: the return value at a return probe.
constexpr int16_t kPtRegsAx = 80;

// Into R0: argument n (0-based) of the function entered, the context's
// pt_regs in R6. The first six are registers; later ones are the stack
// slots above the return address, read with `read_helper`
// (BPF_FUNC_probe_read_user for user code, probe_read_kernel for the
// kernel's); an unreadable slot gives 0.
void GenPtRegsArg(FunctionGen& gen, int n, int read_helper);

}  // namespace dt
