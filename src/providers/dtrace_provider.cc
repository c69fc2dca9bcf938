#include "providers/dtrace_provider.h"

#include <linux/bpf.h>

#include <stdexcept>

#include "providers/probe_registry.h"

namespace dt {

namespace {

using S = Stability;
using C = DependencyClass;

class Dtrace final : public Provider {
 public:
  void AddProbes(const KernelEventList&, ProbeRegistry& registry) const override {
    for (const char* name : {"BEGIN", "END", "ERROR"}) {
      Probe p;
      p.provider = "dtrace";
      p.name = name;
      p.owner = this;
      registry.Add(std::move(p));
    }
  }

  const ProviderAttributes& Attributes() const override {
    static constexpr ProviderAttributes kAttributes = {{S::kStable, S::kStable, C::kCommon},
                                                       {S::kPrivate, S::kPrivate, C::kUnknown},
                                                       {S::kPrivate, S::kPrivate, C::kUnknown},
                                                       {S::kStable, S::kStable, C::kCommon},
                                                       {S::kStable, S::kStable, C::kCommon}};
    return kAttributes;
  }

  // Raw-tracepoint programs whose context is an argument array the dtrace
  // process passes (ERROR's arg1-arg5). Stacks hold the program's own frame.
  ProgramShape Shape() const override {
    ProgramShape s;
    s.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT;
    s.run_once = true;
    s.tracing_frames = 1;
    return s;
  }

  runtime::Attachment Attach(int, const std::vector<const Probe*>& probes) const override {
    throw std::logic_error(probes.front()->FullName() + " is run, not attached");
  }
};

}  // namespace

const Provider& DtraceProvider() {
  static const Dtrace kProvider;
  return kProvider;
}

}  // namespace dt
