// One tracing run: creates the maps, loads and attaches the programs, fires
// BEGIN, consumes records until exit() / Ctrl-C / SIGTERM / the traced
// process ends, fires END, and prints the aggregations. Everything is
// detached when the session ends, whichever way it ends.
#pragma once

#include <csignal>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "codegen/compiled_program.h"
#include "consumer/aggregation.h"
#include "consumer/aggregation_printer.h"
#include "consumer/kernel_symbol_lookup.h"
#include "providers/probe_registry.h"
#include "runtime/attach.h"
#include "runtime/bpf_map.h"
#include "runtime/bpf_prog.h"

namespace dt {

struct SessionOptions {
  bool quiet = false;
  uint64_t strsize = 256;
  AggSortOptions sort;
  int child_pid = -1;       // -c: resumed once tracing is on, ends the run on exit
  int child_start_fd = -1;  // write end of the pipe that releases the child
  int target_pid = -1;      // -p: ends the run when it exits
  int switchrate_ms = 100;
  int stack_indent = kDefaultStackIndent;  // option stackindent
};

// Set by the signal handlers; the session polls it.
extern volatile sig_atomic_t g_interrupted;

class TracingSession {
 public:
  TracingSession(CompiledProgram program, const ProbeRegistry& probes, SessionOptions options,
                 FILE* out);
  ~TracingSession();

  // Runs to the end; returns dtrace's exit status. Throws RuntimeError when
  // set-up fails (nothing stays attached).
  int Run();

 private:
  void CreateMaps();
  void LoadPrograms();
  void AttachProbes();
  void OnRecord(const uint8_t* data, size_t size);
  void HandleError(const uint8_t* data);
  void RunErrorProbe(const ErrorRecord& err);
  void ReportErrorProbeFaults();
  bool KernelExitFlagSet();
  void PrintRecordActions(const RecordDesc& desc, const uint8_t* data);
  void Printa(const ActionDesc& a);
  // system(): runs `command` with /bin/sh, its output going where ours goes.
  void RunSystemCommand(const std::string& command);
  void ClearOrTrunc(const ActionDesc& a);
  std::vector<AggSnapshot> Snapshot(const std::vector<int>& ids);
  void RunOnce(int program_index);
  void Drain();
  bool TargetGone();
  void ReportDrops();
  void Write(const std::string& s);
  AggPrintOptions AggOptions() const;

  CompiledProgram program_;
  const ProbeRegistry& probes_;
  SessionOptions options_;
  FILE* out_;
  std::vector<runtime::Map> maps_;
  std::vector<runtime::Program> programs_;
  std::vector<runtime::Attachment> attachments_;
  std::unique_ptr<class RingReaderHolder> ring_;
  std::vector<bool> agg_printed_;
  std::vector<ErrorRecord> pending_errors_;
  bool header_printed_ = false;
  bool exit_requested_ = false;
  bool exit_status_set_ = false;
  int exit_status_ = 0;
  uint64_t error_probe_faults_ = 0, error_probe_faults_reported_ = 0;
  bool child_reaped_ = false;
  std::vector<uint64_t> drops_seen_;
  // Kernel symbols through runtime::KernelSymbols, which reads
  // /proc/kallsyms on first use: programs without stacks or symbols never
  // pay for it.
  KernelSymbolLookup lookup_;
};

}  // namespace dt
