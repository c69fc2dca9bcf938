// fbt:<module>:<function>:entry and :return. Two kinds of program
// (providers/fbt_provider.h, FbtAttachOf):
//
// - fentry/fexit, one probe: ctx is the trampoline's u64 array of the
//   function's arguments (fexit: then the return value). argN comes from
//   bpf_get_func_arg(), which knows the function's argument count (0 past
//   it); at return arg1 from bpf_get_func_ret(). No call of a helper on
//   ctx loads a typed pointer into a register, so the verifier sees plain
//   integers whatever the prototype.
// - kprobe (multi-kprobe link), all of a side's probes: ctx is the
//   registers (struct pt_regs) at the function's entry, or after its
//   return; the attach cookie is the probe's index in the program's probe
//   list, and tables in rodata indexed by it give the probe id, epid and
//   names (IndexedProbeContext). argN from the SysV argument registers,
//   past six from the stack above the return address; at return arg1 is
//   %rax.
//
// At return arg0 is the offset of the returning instruction in DTrace.
// Neither fexit nor a kretprobe knows it (both run after the function has
// returned, not at its ret), so arg0 is 0.
#include "codegen/function_gen.h"
#include "codegen/indexed_probe_context.h"
#include "codegen/probe_context.h"
#include "codegen/pt_regs_args.h"
#include "codegen/trampoline_args.h"
#include "providers/fbt_provider.h"

namespace dt {

namespace {

using namespace bpf;

class FentryContext final : public ProbeContext {
 public:
  FentryContext(FunctionGen& gen, const Probe& first)
      : ProbeContext(gen, first), is_return_(FbtData(first).is_return) {}

  void GenArg(int n) override {
    if (!is_return_)
      GenTrampolineArg(gen_, n);
    else if (n == 1)
      GenTrampolineReturn(gen_);
    else
      gen_.builder().MovImm(R0, 0);
  }

 private:
  bool is_return_;
};

class KprobeContext final : public IndexedProbeContext {
 public:
  KprobeContext(FunctionGen& gen, const Probe& first)
      : IndexedProbeContext(gen, first), is_return_(FbtData(first).is_return) {}

  void GenPrologue() override {
    Builder& b = gen_.builder();
    index_slot_ = gen_.AllocSlot();
    if (probes_.size() == 1) return;
    b.Mov(R1, R6);
    b.Call(BPF_FUNC_get_attach_cookie);
    b.JumpIfImm(BPF_JGE, R0, static_cast<int32_t>(probes_.size()), gen_.exit_label());
    b.Store(8, R10, index_slot_, R0);
  }

  void GenArg(int n) override {
    Builder& b = gen_.builder();
    if (is_return_) {
      if (n == 1)
        b.Load(8, R0, R6, kPtRegsAx);
      else
        b.MovImm(R0, 0);
      return;
    }
    GenPtRegsArg(gen_, n, BPF_FUNC_probe_read_kernel);
  }

 private:
  bool is_return_;
};

class FbtCodegenImpl final : public ProviderCodegen {
 public:
  std::unique_ptr<ProbeContext> NewContext(FunctionGen& gen, const Probe& first) const override {
    if (FbtAttachOf(gen.group_probes()) == FbtAttach::kFentry)
      return std::make_unique<FentryContext>(gen, first);
    return std::make_unique<KprobeContext>(gen, first);
  }
};

}  // namespace

const ProviderCodegen& FbtCodegen() {
  static const FbtCodegenImpl kCodegen;
  return kCodegen;
}

}  // namespace dt
