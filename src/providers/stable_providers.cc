#include "providers/stable_providers.h"

#include <linux/bpf.h>

#include <atomic>
#include <memory>
#include <string_view>
#include <unordered_set>

#include "common/diagnostic.h"
#include "providers/probe_registry.h"
#include "runtime/kernel_function_attach.h"

namespace dt {

namespace {

// Raw tracepoint arguments (TP_PROTO) used below, as the kernel declares them:
//   sched_switch(bool preempt, struct task_struct *prev,
//                struct task_struct *next, unsigned int prev_state)
//   sched_wakeup(struct task_struct *p), sched_wakeup_new(same)
//   sched_pi_setprio(struct task_struct *tsk, struct task_struct *pi_task)
//   sched_process_fork(struct task_struct *parent, struct task_struct *child)
//   sched_process_exec(struct task_struct *p, pid_t old_pid, struct linux_binprm *)
//   sched_process_exit(struct task_struct *p, ...)
//   task_newtask(struct task_struct *task, unsigned long clone_flags)
//   signal_generate(int sig, struct kernel_siginfo *, struct task_struct *task, ...)
//   signal_deliver(int sig, struct kernel_siginfo *, struct k_sigaction *)
//   sys_enter(struct pt_regs *regs, long id), sys_exit(struct pt_regs *regs, long ret)
//   block_rq_issue(struct request *rq), block_rq_complete(struct request *rq, ...)
// clang-format off
#define TASK(n) "((struct task_struct *)arg" #n ")"
#define LWPSINFO(n) {"lwpsinfo_t *", "xlate <lwpsinfo_t *> (" TASK(n) ")"}
#define PSINFO(n) {"psinfo_t *", "xlate <psinfo_t *> (" TASK(n) ")"}
#define IO_ARGS                                                       \
  {{"bufinfo_t *", "xlate <bufinfo_t *> ((struct request *)arg0)"},   \
   {"devinfo_t *", "xlate <devinfo_t *> ((struct request *)arg0)"},   \
   {"fileinfo_t *", "xlate <fileinfo_t *> ((struct request *)arg0)"}}
#define ENQUEUE(cls) {"sched", "enqueue", "fentry:enqueue_task_" cls, "", "", {LWPSINFO(1), PSINFO(1), CPUINFO_OF_RQ}}
#define DEQUEUE(cls) {"sched", "dequeue", "fentry:dequeue_task_" cls, "", "", {LWPSINFO(1), PSINFO(1), CPUINFO_OF_RQ}}
#define CPUINFO_OF_RQ {"cpuinfo_t *", "xlate <cpuinfo_t *> ((processorid_t)((struct rq *)arg0)->cpu)"}
#define CURRENT_LWPSINFO {"lwpsinfo_t *", "xlate <lwpsinfo_t *> (curthread)"}
#define CURRENT_PSINFO {"psinfo_t *", "xlate <psinfo_t *> (curthread)"}
// clang-format on

// execve is syscall 59 on x86-64.
#define IS_EXECVE "((struct pt_regs *)arg0)->orig_ax == 59"

}  // namespace

const std::vector<StableProbe>& StableProbes() {
  static const std::vector<StableProbe> probes = {
      {"sched", "on-cpu", "sched_switch", "", TASK(2), {}},
      {"sched", "off-cpu", "sched_switch", "", "", {LWPSINFO(2), PSINFO(2)}},
      {"sched", "sleep", "sched_switch", "arg0 == 0 && arg3 != 0", "", {}},
      {"sched", "preempt", "sched_switch", "arg0 != 0", "", {}},
      {"sched", "wakeup", "sched_wakeup", "", "", {LWPSINFO(0), PSINFO(0)}},
      {"sched",
       "change-pri",
       "sched_pi_setprio",
       "",
       "",
       {LWPSINFO(0),
        PSINFO(0),
        {"int",
         "139 - (arg1 != 0 ? ((struct task_struct *)arg1)->prio : " TASK(0) "->normal_prio)"}}},
      {"proc", "create", "sched_process_fork", "", "", {PSINFO(1)}},
      {"proc",
       "exec",
       "sys_enter",
       "arg1 == 59",
       "",
       {{"string", "copyinstr(((struct pt_regs *)arg0)->di)"}}},
      {"proc", "exec-success", "sched_process_exec", "", "", {}},
      {"proc",
       "exec-failure",
       "sys_exit",
       IS_EXECVE " && (long)arg1 < 0",
       "",
       {{"int", "-(int)arg1"}}},
      {"proc",
       "exit",
       "sched_process_exit",
       TASK(0) "->pid == " TASK(0) "->tgid",
       "",
       {{"int", "(" TASK(0) "->exit_code & 0x7f) == 0 ? 1 : (" TASK(
                    0) "->exit_code & 0x80) != 0 ? 3 : 2"}}},
      {"proc", "lwp-create", "task_newtask", "(arg1 & 0x10000) != 0", "", {LWPSINFO(0), PSINFO(0)}},
      {"proc", "lwp-exit", "sched_process_exit", "", "", {}},
      {"proc",
       "signal-send",
       "signal_generate",
       "",
       "",
       {LWPSINFO(2), PSINFO(2), {"int", "(int)arg0"}}},
      {"proc", "signal-handle", "signal_deliver", "", "", {{"int", "(int)arg0"}}},
      // No tracepoint shows a thread put on or taken off a run queue, or
      // the clock tick: these fire on kernel functions. Each scheduling
      // class puts a thread on a CPU's queue and takes it off with its own
      // functions (enqueue_task_fair(struct rq *rq, struct task_struct *p,
      // int flags) and the like), called through the class, so never
      // inlined where they are called, as activate_task and enqueue_task
      // are on some builds (Debian's 6.1). scheduler_tick(void) (Linux 6.10
      // renamed it sched_tick) runs at each tick in the thread it
      // interrupted.
      ENQUEUE("fair"),
      ENQUEUE("rt"),
      ENQUEUE("dl"),
      DEQUEUE("fair"),
      DEQUEUE("rt"),
      DEQUEUE("dl"),
      {"sched", "tick", "fentry:scheduler_tick", "", "", {CURRENT_LWPSINFO, CURRENT_PSINFO}},
      {"sched", "tick", "fentry:sched_tick", "", "", {CURRENT_LWPSINFO, CURRENT_PSINFO}},
      {"io", "start", "block_rq_issue", "", "", IO_ARGS},
      {"io", "done", "block_rq_complete", "", "", IO_ARGS},
      // A thread that waits for I/O to complete sleeps in io_schedule(void)
      // or io_schedule_timeout(long) (the time Linux counts as iowait):
      // wait-start at their entry, wait-done at their return. What it waits
      // for (a page, a buffer head, a bio) is not passed to them, so these
      // have no args[].
      {"io", "wait-start", "fentry:io_schedule", "", "", {}},
      {"io", "wait-start", "fentry:io_schedule_timeout", "", "", {}},
      {"io", "wait-done", "fexit:io_schedule", "", "", {}},
      {"io", "wait-done", "fexit:io_schedule_timeout", "", "", {}},
  };
  return probes;
}

namespace {

using S = Stability;
using C = DependencyClass;

// "fentry:<function>" and "fexit:<function>" (StableProbe::fires_on).
struct FunctionSource {
  std::string_view function;
  bool at_return = false;
};
std::optional<FunctionSource> FunctionSourceOf(const StableProbe& s) {
  std::string_view fires_on = s.fires_on;
  for (bool at_return : {false, true}) {
    std::string_view prefix = at_return ? "fexit:" : "fentry:";
    if (fires_on.substr(0, prefix.size()) == prefix)
      return FunctionSource{fires_on.substr(prefix.size()), at_return};
  }
  return std::nullopt;
}

// The function that tells what this kernel allows (fbt's): with BTF and
// traceable everywhere.
constexpr const char* kSupportProbeFunction = "vfs_read";

class Stable final : public Provider {
 public:
  Stable(const std::vector<StableProbe>& probes, const ProviderAttributes& attributes,
         const char* support_clauses = "")
      : probes_(probes), attributes_(attributes), support_clauses_(support_clauses) {}

  // A probe on a tracepoint exists when the kernel has the tracepoint.
  void AddProbes(const KernelEventList& events, ProbeRegistry& registry) const override {
    std::unordered_set<std::string_view> names;
    for (const auto& e : events) names.insert(e.second);
    for (const StableProbe& s : probes_) {
      if (FunctionSourceOf(s) || !names.count(s.fires_on)) continue;
      registry.Add(NewProbe(s, "", std::nullopt, false));
      has_probes_ = true;
    }
  }

  // A probe on a kernel function exists when vmlinux's BTF has the
  // function; they are looked up, all at once, only when a description
  // could name one (the BTF parse costs a run that needs none of them).
  void CreateOnDemand(const ProbeSpecFields& desc, ProbeRegistry& registry) const override {
    if (functions_made_) return;
    bool named = false;
    for (const StableProbe& s : probes_) {
      std::optional<FunctionSource> source = FunctionSourceOf(s);
      named = named || (source && MatchProbeField(desc.provider, s.provider) &&
                        MatchProbeField(desc.module, "vmlinux") &&
                        MatchProbeField(desc.function, std::string(source->function)) &&
                        MatchProbeField(desc.name, s.name));
    }
    if (!named) return;
    functions_made_ = true;
    for (const StableProbe& s : probes_) {
      std::optional<FunctionSource> source = FunctionSourceOf(s);
      if (!source) continue;
      std::optional<runtime::KernelFunction> f =
          runtime::FindVmlinuxFunction(std::string(source->function));
      if (!f) continue;
      std::string name = f->name;
      Probe p = NewProbe(s, name, std::move(f), source->at_return);
      registry.Add(std::move(p));
    }
  }

  const StableProbe* DefinitionInD(const Probe& probe) const override {
    return StableData(probe).definition;
  }

  // The D types of args[]; their values are the translators' (sema).
  std::vector<ProbeArg> ReadArgs(const Probe& probe) const override {
    std::vector<ProbeArg> args;
    for (const StableProbeArg& a : DefinitionInD(probe)->args) {
      ProbeArg pa;
      pa.type = a.type;
      pa.element_type = a.type;
      args.push_back(pa);
    }
    return args;
  }

  const ProviderAttributes& Attributes() const override { return attributes_; }

  std::string SupportClauses(const ProbeSpecFields& desc) const override {
    if (!*support_clauses_ || !has_probes_) return {};
    for (const StableProbe& s : probes_)
      if (!FunctionSourceOf(s) && MatchProbeField(desc.provider, s.provider) &&
          MatchProbeField(desc.module, "vmlinux") && MatchProbeField(desc.function, "") &&
          MatchProbeField(desc.name, s.name))
        return support_clauses_;
    return {};
  }

  // One raw-tracepoint program per probe; stacks as the syscall provider's
  // (the program, bpf_trace_runN, the __bpf_trace_* thunk).
  ProgramShape Shape() const override {
    ProgramShape s;
    s.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT;
    s.tracing_frames = 3;
    return s;
  }

  // A kernel function's probe: a fentry or fexit program, with fbt's
  // stacks (three frames of the program and its trampoline before the
  // function's caller).
  ProgramShape ShapeOf(const std::vector<const Probe*>& group) const override {
    const StableProbeData& data = StableData(*group.front());
    if (!data.function) return Shape();
    ProgramShape s;
    s.prog_type = BPF_PROG_TYPE_TRACING;
    s.expected_attach_type = data.at_return ? BPF_TRACE_FEXIT : BPF_TRACE_FENTRY;
    s.attach_btf_id = data.function->btf_id;
    s.attach_btf_module = data.function->module;
    s.tracing_frames = 3;
    s.tracing_frames_fixed = true;
    return s;
  }

  std::string RawTracepoint(const Probe& first) const override {
    if (StableData(first).function) return {};
    return DefinitionInD(first)->fires_on;
  }

  void CheckAttachable(const std::vector<const Probe*>& probes) const override {
    const Probe& first = *probes.front();
    if (!StableData(first).function) return;
    const runtime::KernelFunctionTracing& support =
        runtime::KernelFunctionSupport(kSupportProbeFunction);
    if (!support.fentry)
      throw RuntimeError("failed to enable '" + first.FullName() + "': it fires at " +
                         first.function + "'s " +
                         (StableData(first).at_return ? "return" : "entry") +
                         " through a BPF trampoline, and " + support.fentry_refusal);
  }

  bool KernelCanFire(const Probe& probe) const override {
    return !StableData(probe).function ||
           runtime::KernelFunctionSupport(kSupportProbeFunction).fentry;
  }

  runtime::Attachment Attach(int prog_fd, const std::vector<const Probe*>& probes) const override {
    const Probe& first = *probes.front();
    if (StableData(first).function) return runtime::AttachFentry(prog_fd, first.function);
    return runtime::AttachRawTracepoint(prog_fd, RawTracepoint(first));
  }

 private:
  Probe NewProbe(const StableProbe& s, const std::string& function,
                 std::optional<runtime::KernelFunction> kernel_function, bool at_return) const {
    Probe p;
    p.provider = s.provider;
    p.module = "vmlinux";
    p.function = function;
    p.name = s.name;
    p.owner = this;
    auto data = std::make_shared<StableProbeData>();
    data->definition = &s;
    data->function = std::move(kernel_function);
    data->at_return = at_return;
    p.data = std::move(data);
    return p;
  }

  const std::vector<StableProbe>& probes_;
  const ProviderAttributes attributes_;
  const char* support_clauses_;
  // Whether this kernel has any of its probes: support clauses name
  // tracepoints that exist only where its probes do.
  mutable std::atomic<bool> has_probes_ = false;
  mutable std::atomic<bool> functions_made_ = false;
};

}  // namespace

const StableProbeData& StableData(const Probe& probe) {
  return static_cast<const StableProbeData&>(*probe.data);
}

const Provider& StableProvider() {
  // The Dynamic Tracing Guide's stable providers.
  static constexpr ProviderAttributes kAttributes = {{S::kEvolving, S::kEvolving, C::kIsa},
                                                     {S::kPrivate, S::kPrivate, C::kUnknown},
                                                     {S::kPrivate, S::kPrivate, C::kUnknown},
                                                     {S::kEvolving, S::kEvolving, C::kIsa},
                                                     {S::kEvolving, S::kEvolving, C::kIsa}};
  static const Stable kProvider(StableProbes(), kAttributes);
  return kProvider;
}

std::unique_ptr<Provider> NewStableProvider(const std::vector<StableProbe>& probes,
                                            const ProviderAttributes& attributes,
                                            const char* support_clauses) {
  return std::make_unique<Stable>(probes, attributes, support_clauses);
}

}  // namespace dt
