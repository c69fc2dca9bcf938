#include "codegen/trampoline_args.h"

#include "codegen/function_gen.h"

namespace dt {

namespace {

using namespace bpf;

// The helpers write the value through a pointer and return an error code;
// the slot starts at 0 so a refused read gives 0.
void GenThroughSlot(FunctionGen& gen, int n, bool is_return) {
  Builder& b = gen.builder();
  int mark = gen.StackMark();
  int16_t value = gen.AllocSlot();
  b.StoreImm(8, R10, value, 0);
  b.Mov(R1, R6);
  if (is_return) {
    b.Mov(R2, R10);
    b.AluImm(BPF_ADD, R2, value);
    b.Call(BPF_FUNC_get_func_ret);
  } else {
    b.MovImm(R2, n);
    b.Mov(R3, R10);
    b.AluImm(BPF_ADD, R3, value);
    b.Call(BPF_FUNC_get_func_arg);
  }
  b.Load(8, R0, R10, value);
  gen.ReleaseSlotsTo(mark);
}

}  // namespace

void GenTrampolineArg(FunctionGen& gen, int n) { GenThroughSlot(gen, n, false); }

void GenTrampolineReturn(FunctionGen& gen) { GenThroughSlot(gen, 0, true); }

}  // namespace dt
