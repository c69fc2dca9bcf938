// dtrace:::BEGIN, END and ERROR: a raw-tracepoint program the dtrace process
// runs once (BPF_PROG_TEST_RUN); its context is the u64 argument array it
// passes (ERROR's arg1..arg5).
#include "codegen/function_gen.h"
#include "codegen/probe_context.h"

namespace dt {

namespace {

using namespace bpf;

class DtraceContext final : public ProbeContext {
 public:
  using ProbeContext::ProbeContext;

  void GenArg(int n) override { gen_.builder().Load(8, R0, R6, static_cast<int16_t>(n * 8)); }
};

class DtraceCodegenImpl final : public ProviderCodegen {
 public:
  std::unique_ptr<ProbeContext> NewContext(FunctionGen& gen, const Probe& first) const override {
    return std::make_unique<DtraceContext>(gen, first);
  }
};

}  // namespace

const ProviderCodegen& DtraceCodegen() {
  static const DtraceCodegenImpl kCodegen;
  return kCodegen;
}

}  // namespace dt
