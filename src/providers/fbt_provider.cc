#include "providers/fbt_provider.h"

#include <linux/bpf.h>

#include <memory>

#include "common/diagnostic.h"
#include "providers/probe_registry.h"
#include "runtime/kernel_function_attach.h"

namespace dt {

namespace {

using S = Stability;
using C = DependencyClass;

constexpr const char* kProvider = "fbt";
// The function the kernel's facilities are tried on: in every kernel, with
// BTF, traceable.
constexpr const char* kProbeFunction = "vfs_read";
// Program groups of the kprobe programs, above every probe id (a fentry
// program's group is its probe's id).
constexpr uint64_t kEntryGroup = uint64_t{1} << 40;
constexpr uint64_t kReturnGroup = kEntryGroup + 1;

const runtime::KernelFunctionTracing& Support() {
  return runtime::KernelFunctionSupport(kProbeFunction);
}

// Whether a BPF trampoline can carry the function's arguments and return
// value: at most six, each an integer or pointer (on x86-64; no struct
// by value).
bool FitsTrampoline(const Probe& probe) {
  runtime::KernelPrototype proto = runtime::KernelFunctionPrototype(FbtData(probe).function);
  if (proto.params.size() > 6) return false;
  for (const runtime::KernelFunctionType& t : proto.params)
    if (!t.scalar) return false;
  return !proto.returns || proto.returns->scalar;
}

bool FentryUsable(const Probe& probe) { return Support().fentry && FitsTrampoline(probe); }

ProbeArg Arg(const runtime::KernelFunctionType& t) {
  ProbeArg a;
  a.type = t.name;
  a.element_type = t.name;
  a.size = t.size;
  a.is_signed = t.is_signed;
  return a;
}

class Fbt final : public Provider {
 public:
  void AddProbes(const KernelEventList&, ProbeRegistry&) const override {}

  void CreateOnDemand(const ProbeSpecFields& desc, ProbeRegistry& registry) const override {
    if (!MatchProbeField(desc.provider, kProvider)) return;
    if (!MatchProbeField(desc.name, "entry") && !MatchProbeField(desc.name, "return")) return;
    for (const auto& p : registry.probes())
      if (p->owner == this) return;  // made already: they are made all at once
    for (runtime::KernelFunction& f : runtime::ListKernelFunctions()) {
      for (bool is_return : {false, true}) {
        Probe p;
        p.provider = kProvider;
        p.module = f.module;
        p.function = f.name;
        p.name = is_return ? "return" : "entry";
        p.owner = this;
        auto data = std::make_shared<FbtProbeData>();
        data->function = f;
        data->is_return = is_return;
        p.data = std::move(data);
        registry.Add(std::move(p));
      }
    }
  }

  // entry: the parameters as the kernel declares them. return: args[0] the
  // offset of the return (an int, as in DTrace), args[1] the return value
  // (none for a void function).
  std::vector<ProbeArg> ReadArgs(const Probe& probe) const override {
    const FbtProbeData& data = FbtData(probe);
    runtime::KernelPrototype proto = runtime::KernelFunctionPrototype(data.function);
    std::vector<ProbeArg> args;
    if (!data.is_return) {
      for (const runtime::KernelFunctionType& t : proto.params) args.push_back(Arg(t));
      return args;
    }
    runtime::KernelFunctionType offset;
    offset.name = "int";
    offset.size = 4;
    offset.is_signed = true;
    args.push_back(Arg(offset));
    if (proto.returns) args.push_back(Arg(*proto.returns));
    return args;
  }

  // The Dynamic Tracing Guide's fbt stability.
  const ProviderAttributes& Attributes() const override {
    static constexpr ProviderAttributes kAttributes = {{S::kEvolving, S::kEvolving, C::kIsa},
                                                       {S::kPrivate, S::kPrivate, C::kUnknown},
                                                       {S::kPrivate, S::kPrivate, C::kIsa},
                                                       {S::kEvolving, S::kEvolving, C::kIsa},
                                                       {S::kPrivate, S::kPrivate, C::kIsa}};
    return kAttributes;
  }

  // Stacks start at the caller of the traced function, as DTrace's do. A
  // kprobe's stack starts at the registers it fired with: in the function
  // at entry (one frame to leave out), at the caller after the return.
  ProgramShape Shape() const override {
    ProgramShape s;
    s.prog_type = BPF_PROG_TYPE_KPROBE;
    s.expected_attach_type = Support().kprobe_multi ? BPF_TRACE_KPROBE_MULTI : 0;
    s.shared_by_probes = true;
    return s;
  }

  // Above a fentry or fexit program bpf_get_stack() gives three frames
  // before the traced function's caller (measured on Debian's 6.1, where
  // kallsyms names none of them: the program, the trampoline, and the
  // return address of the function's call to its trampoline, fn+5, which
  // an fexit program's stack shows as `fn+0x5` if it is not left out).
  ProgramShape ShapeOf(const std::vector<const Probe*>& group) const override {
    const FbtProbeData& data = FbtData(*group.front());
    if (FbtAttachOf(group) == FbtAttach::kKprobeMulti) {
      ProgramShape s = Shape();
      s.tracing_frames = data.is_return ? 0 : 1;
      s.tracing_frames_fixed = true;
      return s;
    }
    ProgramShape s;
    s.prog_type = BPF_PROG_TYPE_TRACING;
    s.expected_attach_type = data.is_return ? BPF_TRACE_FEXIT : BPF_TRACE_FENTRY;
    s.attach_btf_id = data.function.btf_id;
    s.attach_btf_module = data.function.module;
    s.tracing_frames = 3;
    s.tracing_frames_fixed = true;
    return s;
  }

  uint64_t ProgramGroup(const Probe& probe) const override {
    return FbtData(probe).is_return ? kReturnGroup : kEntryGroup;
  }

  uint64_t ProgramGroupAmong(const Probe& probe, size_t enabled) const override {
    if (FentryUsable(probe) && (enabled <= kMaxFentryProbes || !Support().any_kprobe()))
      return probe.id;
    return ProgramGroup(probe);
  }

  void CheckAttachable(const std::vector<const Probe*>& probes) const override {
    const runtime::KernelFunctionTracing& support = Support();
    std::string what = probes.size() == 1 ? probes.front()->FullName()
                                          : probes.front()->FullName() + "' and " +
                                                std::to_string(probes.size() - 1) + " more of '" +
                                                ProgramName(*probes.front());
    if (!support.any()) throw RuntimeError("failed to enable '" + what + "': " + support.Refusal());
    if (FbtAttachOf(probes) == FbtAttach::kKprobeMulti && !support.any_kprobe())
      throw RuntimeError("failed to enable '" + what +
                         "': a BPF trampoline cannot carry its arguments (a struct passed by "
                         "value, or more than six) and " +
                         support.kprobe_refusal);
  }

  bool KernelCanFire(const Probe& /*probe*/) const override { return Support().any(); }

  runtime::Attachment Attach(int prog_fd, const std::vector<const Probe*>& probes) const override {
    if (FbtAttachOf(probes) == FbtAttach::kFentry)
      return runtime::AttachFentry(prog_fd, probes.front()->function);
    std::vector<std::string> functions, modules;
    std::vector<uint64_t> cookies;
    for (size_t i = 0; i < probes.size(); ++i) {
      functions.push_back(probes[i]->function);
      modules.push_back(probes[i]->module);
      cookies.push_back(i);
    }
    bool at_return = FbtData(*probes.front()).is_return;
    if (!Support().kprobe_multi)
      return runtime::AttachKprobes(prog_fd, functions, modules, cookies, at_return);
    return runtime::AttachKprobeMulti(prog_fd, functions, modules, cookies, at_return);
  }
};

}  // namespace

const Provider& FbtProvider() {
  static const Fbt kProvider;
  return kProvider;
}

const FbtProbeData& FbtData(const Probe& probe) {
  return static_cast<const FbtProbeData&>(*probe.data);
}

FbtAttach FbtAttachOf(const std::vector<const Probe*>& group) {
  if (group.size() == 1 && FentryUsable(*group.front())) return FbtAttach::kFentry;
  return FbtAttach::kKprobeMulti;
}

}  // namespace dt
