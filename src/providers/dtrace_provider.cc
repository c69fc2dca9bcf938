#include "providers/dtrace_provider.h"

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
      p.kind = ProviderKind::kDtrace;
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
};

}  // namespace

const Provider& DtraceProvider() {
  static const Dtrace kProvider;
  return kProvider;
}

}  // namespace dt
