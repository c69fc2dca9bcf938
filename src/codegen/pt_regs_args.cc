#include "codegen/pt_regs_args.h"

#include "codegen/function_gen.h"

namespace dt {

using namespace bpf;

namespace {

// SysV argument registers in order: %rdi, %rsi, %rdx, %rcx, %r8, %r9.
constexpr int16_t kArgRegs[6] = {112, 104, 96, 88, 72, 64};
constexpr int16_t kRegsSp = 152;

}  // namespace

void GenPtRegsArg(FunctionGen& gen, int n, int read_helper) {
  Builder& b = gen.builder();
  if (n < 6) {
    b.Load(8, R0, R6, kArgRegs[n]);
    return;
  }
  int mark = gen.StackMark();
  int16_t tmp = gen.AllocSlot();
  b.StoreImm(8, R10, tmp, 0);
  b.Load(8, R3, R6, kRegsSp);
  b.AluImm(BPF_ADD, R3, 8 * (n - 5));
  b.Mov(R1, R10);
  b.AluImm(BPF_ADD, R1, tmp);
  b.MovImm(R2, 8);
  b.Call(read_helper);
  b.Load(8, R0, R10, tmp);
  gen.ReleaseSlotsTo(mark);
}

}  // namespace dt
