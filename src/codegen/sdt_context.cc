// sdt (kernel tracepoints): a BPF_PROG_TYPE_TRACEPOINT program; its context
// is the event's record.
#include "codegen/function_gen.h"
#include "codegen/probe_context.h"

namespace dt {

namespace {

using namespace bpf;

class SdtContext final : public ProbeContext {
 public:
  using ProbeContext::ProbeContext;

  // argN is the tracepoint's Nth field as an integer (a string field's
  // address), as DTrace's sdt provider gives them. Sema notes the layout of
  // the fields for the probes whose clauses use argN.
  void GenArg(int n) override {
    Builder& b = gen_.builder();
    const auto& layouts = gen_.info().tracepoint_args;
    auto it = layouts.find(first_.id);
    if (it == layouts.end() || static_cast<size_t>(n) >= it->second.size()) {
      b.MovImm(R0, 0);
      return;
    }
    const ArgLayout& a = it->second[static_cast<size_t>(n)];
    auto off = static_cast<int16_t>(a.offset);
    if (a.is_data_loc) {
      b.Load(4, R0, R6, off);
      b.AluImm(BPF_AND, R0, 0xffff);
      b.Alu(BPF_ADD, R0, R6);
    } else if (a.size == 1 || a.size == 2 || a.size == 4 || a.size == 8) {
      b.Load(static_cast<int>(a.size), R0, R6, off);
      if (a.is_signed && a.size < 8) {
        b.AluImm(BPF_LSH, R0, 64 - 8 * static_cast<int>(a.size));
        b.AluImm(BPF_ARSH, R0, 64 - 8 * static_cast<int>(a.size));
      }
    } else {
      b.Mov(R0, R6);
      b.AluImm(BPF_ADD, R0, off);  // an array: its address
    }
  }
};

class SdtCodegenImpl final : public ProviderCodegen {
 public:
  std::unique_ptr<ProbeContext> NewContext(FunctionGen& gen, const Probe& first) const override {
    return std::make_unique<SdtContext>(gen, first);
  }
};

}  // namespace

const ProviderCodegen& SdtCodegen() {
  static const SdtCodegenImpl kCodegen;
  return kCodegen;
}

}  // namespace dt
