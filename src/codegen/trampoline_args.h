// A kernel function's arguments and return value as a fentry or fexit
// program (BPF trampoline) reads them: through bpf_get_func_arg() and
// bpf_get_func_ret(), which know the function's argument count, rather
// than by loading from ctx, which would give the verifier typed pointers
// where D computes with integers. fbt and the stable probes that fire on a
// kernel function (lockstat:::adaptive-acquire) share them.
#pragma once

namespace dt {

class FunctionGen;

// Into R0, the context in R6: argument n (0-based); 0 past the last.
void GenTrampolineArg(FunctionGen& gen, int n);

// Into R0, the context in R6: the return value (fexit only).
void GenTrampolineReturn(FunctionGen& gen);

}  // namespace dt
