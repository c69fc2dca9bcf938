// Probes in objects a traced process maps after tracing started
// (dlopen(3)), matched and attached while it traces.
//
// The pid provider's programs keep their per-probe tables in a writable
// map with room to spare (codegen/late_probe_table.h), so a probe added
// later needs an entry in that map and an attachment, not a new program.
// Start() watches each process that has such a program
// (runtime/dlopen_watch.h). When the dynamic linker reports a change, the
// process is stopped; OnLoad matches the descriptions of the program's
// clauses again (the pid provider creates probes from the objects now
// mapped), gives each new probe the next index, its id, names and, for
// every clause whose descriptions name it, a new epid (appended to
// CompiledProgram::epids, as the consumer numbers them), writes the
// entries, attaches the new sites with their indexes as cookies, and lets
// the process continue.
#pragma once

#include <sys/types.h>

#include <functional>
#include <memory>
#include <vector>

#include "codegen/compiled_program.h"
#include "providers/probe_registry.h"
#include "runtime/attach.h"
#include "runtime/bpf_map.h"
#include "runtime/bpf_prog.h"
#include "runtime/dlopen_watch.h"

namespace dt {

class LateProbes {
 public:
  // All are the session's, and outlive this.
  LateProbes(CompiledProgram& program, ProbeRegistry& registry,
             const std::vector<runtime::Program>& programs, std::vector<runtime::Map>& maps)
      : program_(program), registry_(registry), programs_(programs), maps_(maps) {}
  ~LateProbes();

  // Watches the processes of the program's late tables, once each; false
  // when there are none.
  bool Start();
  int epoll_fd() const { return watch_ ? watch_->epoll_fd() : -1; }
  // Handles what the watcher reported; on_mapped(pid) after each process's
  // new probes are attached, while it is still stopped.
  void Consume(const std::function<void(pid_t)>& on_mapped);

 private:
  void OnLoad(pid_t pid);
  void AddTo(size_t table, pid_t pid);

  CompiledProgram& program_;
  ProbeRegistry& registry_;
  const std::vector<runtime::Program>& programs_;
  std::vector<runtime::Map>& maps_;
  std::unique_ptr<runtime::DlopenWatch> watch_;
  std::vector<std::vector<uint8_t>> values_;  // each table's map value, as written
  std::vector<runtime::Attachment> attachments_;
  bool full_reported_ = false;
};

}  // namespace dt
