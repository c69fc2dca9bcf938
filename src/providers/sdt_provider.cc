#include "providers/sdt_provider.h"

#include <linux/bpf.h>

#include <algorithm>
#include <memory>
#include <optional>

#include "providers/probe_args.h"
#include "providers/probe_registry.h"

namespace dt {

namespace {

using S = Stability;
using C = DependencyClass;

// Categories that are not sdt probes: syscalls belong to the syscall
// provider; kprobes and uprobes hold dynamic probes someone created, not
// tracepoints the kernel defines (dtrace-utils leaves out the same ones).
bool IsSdtCategory(const std::string& category) {
  return category != "syscalls" && category != "kprobes" && category != "uprobes";
}

class Sdt final : public Provider {
 public:
  void AddProbes(const KernelEventList& events, ProbeRegistry& registry) const override {
    KernelEventList sorted;
    for (const auto& event : events)
      if (IsSdtCategory(event.first)) sorted.push_back(event);
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    for (const auto& [category, event] : sorted) {
      Probe p;
      p.provider = kTracepointProvider;
      p.module = category;
      p.name = event;
      p.owner = this;
      auto data = std::make_shared<TracepointProbeData>();
      data->category = category;
      data->event = event;
      p.data = std::move(data);
      registry.Add(std::move(p));
    }
  }

  std::vector<ProbeArg> ReadArgs(const Probe& probe) const override {
    const TracepointProbeData& data = TracepointData(probe);
    std::optional<runtime::TracepointFormat> format =
        TryReadTracepointFormat(data.category, data.event);
    if (!format) return {};
    return ArgsFromTracepointFormat(*format);
  }

  bool ArgsAreRecordFields() const override { return true; }

  // Tracepoints are whatever the running kernel defines: only the provider
  // name is a commitment.
  const ProviderAttributes& Attributes() const override {
    static constexpr ProviderAttributes kAttributes = {{S::kEvolving, S::kEvolving, C::kIsa},
                                                       {S::kPrivate, S::kPrivate, C::kUnknown},
                                                       {S::kPrivate, S::kPrivate, C::kUnknown},
                                                       {S::kPrivate, S::kPrivate, C::kIsa},
                                                       {S::kPrivate, S::kPrivate, C::kIsa}};
    return kAttributes;
  }

  // One BPF_PROG_TYPE_TRACEPOINT program per probe. The perf event carries
  // the registers of the tracepoint's call site, so the stack starts there
  // (measured: sched_switch's first frame is __schedule).
  ProgramShape Shape() const override {
    ProgramShape s;
    s.prog_type = BPF_PROG_TYPE_TRACEPOINT;
    return s;
  }

  runtime::Attachment Attach(int prog_fd, const std::vector<const Probe*>& probes) const override {
    const Probe& first = *probes.front();
    const TracepointProbeData& data = TracepointData(first);
    return runtime::AttachTracepoint(prog_fd, data.category, data.event);
  }
};

}  // namespace

const Provider& SdtProvider() {
  static const Sdt kProvider;
  return kProvider;
}

const TracepointProbeData& TracepointData(const Probe& probe) {
  return static_cast<const TracepointProbeData&>(*probe.data);
}

}  // namespace dt
