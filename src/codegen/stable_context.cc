// sched, proc and io (and lockstat, tcp, udp, ip): a program per probe,
// on a raw tracepoint, whose context is the tracepoint's arguments (the
// kernel's own objects), or on a kernel function's entry or return, whose
// context is the trampoline's (the parameters, then the return value). The
// probe's condition and context task are D, analyzed by sema and generated
// here.
#include "codegen/function_gen.h"
#include "codegen/probe_context.h"
#include "codegen/trampoline_args.h"
#include "providers/stable_providers.h"

namespace dt {

namespace {

using namespace bpf;

class StableContext final : public ProbeContext {
 public:
  StableContext(FunctionGen& gen, const Probe& first) : ProbeContext(gen, first) {
    auto it = gen.info().stable.find(first.id);
    if (it != gen.info().stable.end()) analyzed_ = &it->second;
    const StableProbeData& data = StableData(first);
    if (data.function) {
      function_params_ =
          static_cast<int>(runtime::KernelFunctionPrototype(*data.function).params.size());
      at_return_ = data.at_return;
    }
  }

  // The tracepoint is this probe only when its condition holds
  // (sched_switch is sched:::sleep only when the task blocks).
  void GenProbeFilter(const std::vector<const Probe*>&, Label skip) override {
    if (analyzed_ && analyzed_->condition) gen_.GenCondition(*analyzed_->condition, skip);
  }

  // The kernel's own arguments. One the tracepoint does not have is 0, as
  // DTrace gives: reading it would make the kernel refuse to attach the
  // program.
  void GenArg(int n) override {
    if (function_params_ >= 0) {
      if (at_return_ && n == function_params_)
        GenTrampolineReturn(gen_);
      else
        GenTrampolineArg(gen_, n);
      return;
    }
    if (analyzed_ && analyzed_->raw_args >= 0 && n >= analyzed_->raw_args) {
      gen_.builder().MovImm(R0, 0);
      return;
    }
    gen_.builder().Load(8, R0, R6, static_cast<int16_t>(n * 8));
  }

  const ast::Expr* ContextTask() const override { return analyzed_ ? analyzed_->task : nullptr; }

 private:
  const ProgramInfo::StableContext* analyzed_ = nullptr;
  int function_params_ = -1;  // a kernel function's probe: how many parameters
  bool at_return_ = false;
};

class StableCodegenImpl final : public ProviderCodegen {
 public:
  std::unique_ptr<ProbeContext> NewContext(FunctionGen& gen, const Probe& first) const override {
    return std::make_unique<StableContext>(gen, first);
  }
};

}  // namespace

const ProviderCodegen& StableCodegen() {
  static const StableCodegenImpl kCodegen;
  return kCodegen;
}

}  // namespace dt
