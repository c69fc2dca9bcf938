// profile-N and tick-N: a perf-event program; its context is
// bpf_perf_event_data, the interrupted registers first.
#include "codegen/function_gen.h"
#include "codegen/probe_context.h"

namespace dt {

namespace {

using namespace bpf;

// x86-64 struct pt_regs offsets.
constexpr int16_t kRegsIp = 128;
constexpr int16_t kRegsCs = 136;

class ProfileContext final : public ProbeContext {
 public:
  using ProbeContext::ProbeContext;

  // arg0: the kernel PC when the tick hit kernel code; arg1: the user PC.
  void GenArg(int n) override {
    Builder& b = gen_.builder();
    if (n > 1) {
      b.MovImm(R0, 0);
      return;
    }
    Label zero = b.NewLabel(), done = b.NewLabel();
    b.Load(8, R1, R6, kRegsCs);
    b.AluImm(BPF_AND, R1, 3);
    b.JumpIfImm(n == 0 ? BPF_JEQ : BPF_JNE, R1, 3, zero);
    b.Load(8, R0, R6, kRegsIp);
    b.Jump(done);
    b.Bind(zero);
    b.MovImm(R0, 0);
    b.Bind(done);
  }
};

class ProfileCodegenImpl final : public ProviderCodegen {
 public:
  std::unique_ptr<ProbeContext> NewContext(FunctionGen& gen, const Probe& first) const override {
    return std::make_unique<ProfileContext>(gen, first);
  }
};

}  // namespace

const ProviderCodegen& ProfileCodegen() {
  static const ProfileCodegenImpl kCodegen;
  return kCodegen;
}

}  // namespace dt
