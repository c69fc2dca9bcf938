// TracingSession's kernel objects, made in this order before tracing
// starts: the maps, the user processes' symbol state, the programs (loaded
// and verified), and the attachments; probes of libraries a process loads
// later are added as they appear.
#include <cstdio>
#include <mutex>

#include "bpf/builder.h"
#include "cli/attach_progress.h"
#include "cli/late_probes.h"
#include "cli/target_process.h"
#include "cli/tracing_session.h"
#include "cli/verifier_cost.h"
#include "common/diagnostic.h"
#include "providers/provider.h"
#include "runtime/kernel_function_attach.h"

namespace dt {

void TracingSession::CreateMaps() {
  for (size_t i = 0; i < program_.maps.size(); ++i) {
    const MapDef& def = program_.maps[i];
    runtime::MapSpec spec{def.name,       def.type,        def.key_size,
                          def.value_size, def.max_entries, def.flags};
    runtime::Map inner_template;
    if (auto inner = program_.inner_maps.find(static_cast<int>(i));
        inner != program_.inner_maps.end()) {
      const InnerMapDef& in = inner->second;
      inner_template = runtime::CreateMap(
          {def.name + "_inner", in.type, in.key_size, in.value_size, 1, in.flags});
      spec.inner_map_fd = inner_template.fd();
    }
    maps_.push_back(runtime::CreateMap(spec));
    if (!def.initial_value.empty()) {
      uint32_t zero = 0;
      maps_.back().Update(&zero, def.initial_value.data());
    }
  }
}

void TracingSession::PrepareUserProcesses() {
  std::unique_ptr<runtime::UserUnwindMaps> unwinder;
  if (program_.ustack_mappings_map >= 0) {
    unwinder = std::make_unique<runtime::UserUnwindMaps>(maps_.at(program_.ustack_mappings_map),
                                                         maps_.at(program_.ustack_rows_map));
  }
  user_processes_ = std::make_unique<UserProcesses>(std::move(unwinder));
  // Under the lock: the metrics server's thread names user addresses too.
  user_lookup_ = [this](uint32_t pid, uint64_t addr) {
    std::lock_guard<std::mutex> lock(user_processes_mutex_);
    return user_processes_->Lookup(pid, addr);
  };
  sink_->SetOptions(OutputOptions());
  // The target's stacks unwind by its tables from the first probe on: let
  // the dynamic linker map its libraries first, as for pid probes.
  if (options_.target != nullptr && program_.ustack_mappings_map >= 0) {
    options_.target->RunToEntry();
    std::lock_guard<std::mutex> lock(user_processes_mutex_);
    user_processes_->Notice(options_.target->pid());
  }
}

void TracingSession::LoadPrograms() {
  // A kernel that cannot attach some probe at all says so before anything
  // is loaded or BEGIN runs.
  for (const ProgramDef& def : program_.programs)
    if (!def.run_once && def.tail_call_slot < 0 && def.first_probe != nullptr)
      def.first_probe->owner->CheckAttachable(def.probes);
  for (ProgramDef& def : program_.programs) {
    std::vector<bpf_insn> insns = def.insns;
    bpf::ResolveMapFds(insns, [&](int index) { return maps_.at(index).fd(); });
    int btf_obj_fd = def.attach_btf_id ? runtime::KernelBtfObjectFd(def.attach_btf_module) : 0;
    try {
      programs_.push_back(runtime::LoadProgram(
          def.prog_type, insns, def.name, def.expected_attach_type, def.attach_btf_id, btf_obj_fd));
    } catch (const runtime::VerifierError& e) {
      if (e.reason().find("bpf_probe_write_user") != std::string::npos) {
        throw RuntimeError(
            "could not enable tracing: copyout( ) and copyoutstr( ) need "
            "bpf_probe_write_user, which this kernel does not allow (kernel lockdown "
            "withholds it)");
      }
      if (!runtime::IsComplexityError(e)) throw;
      // Say which statement costs what, loading parts of the program again.
      std::string why = ExplainVerifierCost(
          def, insns, [&](const std::vector<bpf_insn>& part, bool* too_complex) {
            int error = 0;
            std::optional<uint32_t> n =
                runtime::VerifiedInstructions(def.prog_type, part, &error, def.expected_attach_type,
                                              def.attach_btf_id, btf_obj_fd);
            *too_complex = !n && error == E2BIG;
            return n;
          });
      if (why.empty()) throw;
      throw RuntimeError(std::string(e.what()) + "\ndtrace: " + why);
    }
  }
  // Programs that continue a chain are reached by tail call, from its slot.
  for (size_t i = 0; i < program_.programs.size(); ++i) {
    int slot = program_.programs[i].tail_call_slot;
    if (slot < 0) continue;
    uint32_t key = static_cast<uint32_t>(slot);
    uint32_t fd = static_cast<uint32_t>(programs_[i].fd());
    maps_.at(program_.prog_array_map).Update(&key, &fd);
  }
}

void TracingSession::AttachProbes() {
  // Run-once programs are run, not attached; tail-called ones are reached
  // through their chain.
  auto attached = [](const ProgramDef& def) { return !def.run_once && def.tail_call_slot < 0; };
  size_t total = 0, done = 0;
  std::vector<std::string> refused;
  for (const ProgramDef& def : program_.programs)
    if (attached(def)) total += def.probes.size();
  AttachProgress progress = AttachProgress::ForStderr(total);
  auto fires_on_its_own = [](const ProgramDef& def) {
    return def.first_probe != nullptr && def.first_probe->owner->FiresOnItsOwn();
  };
  for (bool timers : {false, true}) {
    for (size_t i = 0; i < program_.programs.size(); ++i) {
      const ProgramDef& def = program_.programs[i];
      if (!attached(def) || fires_on_its_own(def) != timers) continue;
      if (def.first_probe == nullptr) {  // the compiler's own (vtimestamp's)
        attachments_.push_back(runtime::AttachRawTracepoint(programs_[i].fd(), def.raw_tracepoint));
        continue;
      }
      attachments_.push_back(def.first_probe->owner->Attach(programs_[i].fd(), def.probes));
      refused.insert(refused.end(), attachments_.back().refused().begin(),
                     attachments_.back().refused().end());
      progress.Update(done += def.probes.size());
    }
  }
  progress.Finish();
  if (!refused.empty()) {
    std::string names;
    for (size_t i = 0; i < refused.size() && i < 3; ++i) names += (i ? ", " : "") + refused[i];
    if (refused.size() > 3) names += ", ...";
    fprintf(stderr,
            "dtrace: %zu kernel function%s left out: the kernel refuses kprobes there (%s)\n",
            refused.size(), refused.size() == 1 ? " is" : "s are", names.c_str());
  }
  late_probes_ = std::make_unique<LateProbes>(program_, probes_, programs_, maps_);
  if (!late_probes_->Start()) late_probes_.reset();
}

void TracingSession::AddLateProbes() {
  late_probes_->Consume([this](pid_t pid) {
    std::lock_guard<std::mutex> lock(user_processes_mutex_);
    user_processes_->Remapped(pid);
  });
  clauses_of_probe_.clear();
  for (const auto& [probe_id, clause] : program_.epids) ++clauses_of_probe_[probe_id];
}

}  // namespace dt
