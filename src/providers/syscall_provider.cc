#include "providers/syscall_provider.h"

#include <linux/bpf.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string_view>

#include "providers/probe_args.h"
#include "providers/probe_registry.h"
#include "runtime/syscall_table.h"

namespace dt {

namespace {

using S = Stability;
using C = DependencyClass;

constexpr const char* kSyscallCategory = "syscalls";
constexpr std::string_view kEntryPrefix = "sys_enter_";

class Syscall final : public Provider {
 public:
  // A syscall is a probe when the running kernel has its tracepoints (the
  // raw sys_enter/sys_exit programs see every syscall, but users expect the
  // same set `ls events/syscalls` shows) and we know its number.
  void AddProbes(const KernelEventList& events, ProbeRegistry& registry) const override {
    std::vector<std::pair<int, std::string>> found;
    for (const auto& [category, event] : events) {
      if (category != kSyscallCategory || event.rfind(kEntryPrefix, 0) != 0) continue;
      std::string name = event.substr(kEntryPrefix.size());
      int nr = runtime::SyscallNumber(name);
      if (nr >= 0) found.emplace_back(nr, name);
    }
    std::sort(found.begin(), found.end());
    found.erase(std::unique(found.begin(), found.end()), found.end());
    for (const auto& [nr, name] : found) {
      for (bool ret : {false, true}) {
        Probe p;
        p.provider = "syscall";
        p.module = "vmlinux";
        p.function = name;
        p.name = ret ? "return" : "entry";
        p.owner = this;
        auto data = std::make_shared<SyscallProbeData>();
        data->nr = nr;
        data->is_return = ret;
        data->format_event = (ret ? "sys_exit_" : "sys_enter_") + name;
        p.data = std::move(data);
        registry.Add(std::move(p));
      }
    }
  }

  std::vector<ProbeArg> ReadArgs(const Probe& probe) const override {
    const SyscallProbeData& data = SyscallData(probe);
    std::optional<runtime::TracepointFormat> format =
        TryReadTracepointFormat(kSyscallCategory, data.format_event);
    if (data.is_return) return SyscallReturnArgs(format ? &*format : nullptr);
    if (!format) return {};
    return ArgsFromTracepointFormat(*format);
  }

  const ProviderAttributes& Attributes() const override {
    static constexpr ProviderAttributes kAttributes = {{S::kEvolving, S::kEvolving, C::kCommon},
                                                       {S::kPrivate, S::kPrivate, C::kUnknown},
                                                       {S::kUnstable, S::kUnstable, C::kIsa},
                                                       {S::kEvolving, S::kEvolving, C::kCommon},
                                                       {S::kUnstable, S::kUnstable, C::kIsa}};
    return kAttributes;
  }

  // One program on the raw sys_enter tracepoint for every entry probe and
  // one on sys_exit for every return probe: the syscall number says which
  // probe fired. Raw tracepoint stacks start with the program, bpf_trace_runN
  // and the tracepoint's __bpf_trace_* thunk, e.g. on sys_enter
  //   <bpf prog>, bpf_trace_run2+0xf2, __bpf_trace_sys_enter+0xc,
  //   syscall_trace_enter+0x180, do_syscall_64+0x1fa, entry_SYSCALL_64...
  ProgramShape Shape() const override {
    ProgramShape s;
    s.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT;
    s.tracing_frames = 3;
    s.shared_by_probes = true;
    return s;
  }
  uint64_t ProgramGroup(const Probe& probe) const override {
    return SyscallData(probe).is_return ? 1 : 0;
  }
  std::string ProgramName(const Probe& first) const override {
    return SyscallData(first).is_return ? "syscall:::return" : "syscall:::entry";
  }

  std::string RawTracepoint(const Probe& first) const override {
    return SyscallData(first).is_return ? "sys_exit" : "sys_enter";
  }

  runtime::Attachment Attach(int prog_fd, const std::vector<const Probe*>& probes) const override {
    const Probe& first = *probes.front();
    return runtime::AttachRawTracepoint(prog_fd, RawTracepoint(first));
  }
};

}  // namespace

const Provider& SyscallProvider() {
  static const Syscall kProvider;
  return kProvider;
}

const SyscallProbeData& SyscallData(const Probe& probe) {
  return static_cast<const SyscallProbeData&>(*probe.data);
}

}  // namespace dt
