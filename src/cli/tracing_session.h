// One tracing run: creates the maps, loads and attaches the programs, fires
// BEGIN, consumes records until exit() / Ctrl-C / SIGTERM / the traced
// process ends, fires END, and prints the aggregations. Everything is
// detached when the session ends, whichever way it ends.
//
// Records are consumed in bounded batches, and between batches the loop
// looks at the stop signals, the target process and the clock, so Ctrl-C
// ends a run at once however fast probes fire. Stopping detaches every probe
// first (so nothing more is written), then prints what is left in the ring,
// runs END and prints the aggregations; a second signal abandons what is
// left to print, as in DTrace. Drops are reported as they happen, once per
// switchrate period.
#pragma once

#include <chrono>
#include <csignal>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "cli/user_processes.h"
#include "codegen/compiled_program.h"
#include "consumer/aggregation.h"
#include "consumer/aggregation_printer.h"
#include "consumer/flow_indent.h"
#include "consumer/kernel_symbol_lookup.h"
#include "consumer/output_redirect.h"
#include "consumer/output_sink.h"
#include "consumer/ring_policy_buffer.h"
#include "consumer/speculation_buffers.h"
#include "metrics/metrics_server.h"
#include "providers/probe_registry.h"
#include "runtime/attach.h"
#include "runtime/bpf_map.h"
#include "runtime/bpf_prog.h"

namespace dt {

class StopSignals;
class TargetProcess;

struct SessionOptions {
  bool quiet = false;
  bool flow_indent = false;  // -F: CPU FUNCTION lines indented by call depth
  uint64_t strsize = 256;
  AggSortOptions sort;
  // -c or -p: resumed once tracing is on; its exit ends the run.
  TargetProcess* target = nullptr;
  uint64_t switchrate_ns = 1'000'000'000;  // drops are reported at this period
  // Option aggrate: printa() shows aggregations as read at most this often
  // (DTrace's snapshot rate); 0 (not set): as they are when printa() is read.
  uint64_t aggrate_ns = 0;
  int stack_indent = kDefaultStackIndent;  // option stackindent
  uint64_t specsize = 4 << 20;             // option specsize: bytes per speculation and CPU
  bool json = false;                       // option oformat=json: JSON Lines (output_sink.h)
  // Option metrics: serve the aggregations over HTTP while tracing.
  std::optional<metrics::ListenAddress> metrics_address;
  bool raw_bytes = false;  // option rawbytes: byte records as hex dumps
  bool destructive = false;  // -w: announced once tracing is enabled, as DTrace does
  // bufpolicy=ring: the bytes of records kept (the newest) and printed when
  // tracing ends, after END has run; 0 (switch, fill): printed as they come.
  uint64_t ring_bytes = 0;
};

class TracingSession {
 public:
  TracingSession(CompiledProgram program, ProbeRegistry& probes, SessionOptions options,
                 StopSignals& stop, FILE* out);
  ~TracingSession();

  // Runs to the end; returns dtrace's exit status. Throws RuntimeError when
  // set-up fails (nothing stays attached).
  int Run();

 private:
  void CreateMaps();
  void LoadPrograms();
  // Snapshots of traced processes for user symbols, and the unwinder's
  // tables (user_processes.h); the target's right away.
  void PrepareUserProcesses();
  void AttachProbes();
  // -x metrics: binds and starts serving before BEGIN.
  void StartMetricsServer();
  void OnRecord(const uint8_t* data, size_t size);
  // Prints one record (header, prefix, actions); next: the clause of the
  // record read after it, when known (-F needs it for returns).
  void PrintRecord(const uint8_t* data, std::optional<EnabledClause> next);
  // Under -F a return of a probe with several clauses waits for the record
  // after it (see FlowIndent); this prints the one waiting, if any.
  void PrintHeldRecord(std::optional<EnabledClause> next);
  bool MayBeFollowedBySameProbe(uint32_t probe_id) const;
  // Consumes up to one batch from the ring, then prints a held record.
  int ConsumeRing();
  // commit() and discard(): the speculation's records printed or dropped.
  void EndSpeculation(const ActionDesc& a, const uint8_t* data);
  // "dtrace: N failed speculations (...)", "dtrace: N speculative drops".
  void ReportSpeculationFailures();
  void HandleError(const uint8_t* data);
  void RunErrorProbe(const ErrorRecord& err);
  void ReportErrorProbeFaults();
  bool KernelExitFlagSet();
  void PrintRecordActions(const RecordDesc& desc, const uint8_t* data);
  void Printa(const ActionDesc& a);
  // system(): runs `command` with /bin/sh, its standard output on `fd`.
  void RunSystemCommand(const std::string& command, int fd);
  void ClearOrTrunc(const ActionDesc& a);
  std::vector<AggSnapshot> Snapshot(const std::vector<int>& ids);
  void RunOnce(int program_index);
  // Consumes up to one batch of records and runs ERROR for the faults among
  // them; returns how many records it consumed.
  int ConsumeBatch();
  void RunPendingErrors();
  // Waits for records, a stop signal or the target's exit, consuming records
  // as they come, until one of those ends tracing.
  void TraceUntilStopped();
  // After the probes are detached: prints the records still in the ring, in
  // batches, unless a second signal says not to.
  void DrainAfterStop();
  bool TargetExited();
  // Objects a traced process mapped: its new probes, then its stacks' symbols.
  void AddLateProbes();
  void ReportDrops();
  // bufpolicy=ring: prints the records kept, oldest first.
  void PrintRingPolicyRecords();
  // setopt(): changes a dynamic option, or reports why it cannot as DTrace does.
  void Setopt(const ActionDesc& a, const uint8_t* record);
  // freopen(), breakpoint(), panic(): what is done, or why it cannot be.
  void Freopen(const ActionDesc& a, const uint8_t* record);
  void ReportUnsupported(const ActionDesc& a, const uint8_t* record);
  uint32_t EnabledProbeId(uint32_t probe_id, uint32_t clause) const;
  // The output options of this moment, for the sink.
  SinkOptions OutputOptions() const;
  void Report(LossKind kind, int cpu, uint64_t count, uint64_t total, const std::string& message);

  CompiledProgram program_;
  ProbeRegistry& probes_;  // non-const: probes of objects loaded later are added
  SessionOptions options_;
  StopSignals& stop_;
  FILE* out_;
  OutputRedirect redirect_{out_};  // freopen(), ftruncate()
  std::vector<runtime::Map> maps_;
  std::vector<runtime::Program> programs_;
  std::vector<runtime::Attachment> attachments_;
  std::unique_ptr<class RingReaderHolder> ring_;
  std::vector<bool> agg_printed_;
  // Option aggrate: each aggregation's last reading for printa(), and when.
  std::map<int, std::pair<std::chrono::steady_clock::time_point, AggSnapshot>> aggrate_readings_;
  std::vector<ErrorRecord> pending_errors_;
  std::unique_ptr<OutputSink> sink_;
  std::optional<EnabledClause> last_clause_;  // of the last record read
  std::vector<uint8_t> held_record_;
  std::unordered_map<uint32_t, int> clauses_of_probe_;
  bool exit_requested_ = false;
  bool exit_status_set_ = false;
  int exit_status_ = 0;
  bool target_exited_ = false;
  uint64_t error_probe_faults_ = 0, error_probe_faults_reported_ = 0;
  std::vector<uint64_t> drops_seen_;
  std::unique_ptr<RingPolicyBuffer> ring_policy_;  // bufpolicy=ring, until tracing ends
  SpeculationBuffers speculations_{options_.specsize};
  uint64_t spec_unavailable_seen_ = 0, spec_drops_seen_ = 0;
  // Kernel symbols through runtime::KernelSymbols, which reads
  // /proc/kallsyms on first use: programs without stacks or symbols never
  // pay for it.
  KernelSymbolLookup lookup_;
  std::unique_ptr<UserProcesses> user_processes_;
  std::unique_ptr<class LateProbes> late_probes_;  // objects the processes load later
  std::mutex user_processes_mutex_;
  UserSymbolLookup user_lookup_;
  // Last, so the server (whose thread reads maps_ through the source) stops
  // before anything it reads is destroyed.
  std::unique_ptr<class MetricsSource> metrics_source_;
  std::unique_ptr<metrics::MetricsServer> metrics_server_;
};

}  // namespace dt
