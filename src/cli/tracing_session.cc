#include "cli/tracing_session.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

#include "cli/event_wait.h"
#include "cli/late_probes.h"
#include "cli/metrics_source.h"
#include "cli/run_settings.h"
#include "cli/stop_signals.h"
#include "cli/target_process.h"
#include "common/diagnostic.h"
#include "consumer/aggregation_printer.h"
#include "consumer/memory_dump.h"
#include "consumer/print_format.h"
#include "consumer/printf_format.h"
#include "consumer/record_decoder.h"
#include "consumer/stack_format.h"
#include "consumer/trace_format.h"
#include "format/speculation_layout.h"
#include "format/user_stack_layout.h"
#include "providers/provider.h"
#include "runtime/kallsyms.h"
#include "runtime/ring_reader.h"

namespace dt {

class RingReaderHolder {
 public:
  RingReaderHolder(int fd, runtime::RingReader::Callback cb) : reader(fd, std::move(cb)) {}
  runtime::RingReader reader;
};

namespace {

// Records consumed between two looks at the signals, the target and the
// clock: a few milliseconds of printing at most.
constexpr int kRecordBatch = 1024;

// Tags of what the tracing loop waits on (EventWait bits).
enum WaitTag { kRingReady, kSignalReady, kTargetReady, kLateReady };

using Clock = std::chrono::steady_clock;

// DTrace's fault names for the ERROR probe's arg4 and the error message.
const char* FaultText(uint32_t fault) {
  switch (static_cast<FaultKind>(fault)) {
    case FaultKind::kBadAddr:
      return "invalid address";
    case FaultKind::kBadAlign:
      return "invalid alignment";
    case FaultKind::kIllegalOp:
      return "illegal operation";
    case FaultKind::kNoScratch:
      return "out of scratch space";
    case FaultKind::kDivZero:
      return "divide-by-zero";
  }
  return "unknown fault";
}

std::optional<KernelSymbolInfo> ResolveKernelAddress(uint64_t addr) {
  auto r = runtime::KernelSymbols::Kernel().Resolve(addr);
  if (!r) return std::nullopt;
  return KernelSymbolInfo{r->module, r->symbol, r->offset, r->module_address};
}

// The start of an error's report: where it happened, and the message's
// "error on enabled probe ID 3 (ID 73: syscall::read:entry): ".
ErrorReport ErrorAt(int cpu, uint32_t epid, uint32_t probe_id, const Probe* p) {
  ErrorReport r;
  r.cpu = cpu;
  r.epid = epid;
  r.probe_id = probe_id;
  if (p != nullptr) {
    r.provider = p->provider;
    r.module = p->module;
    r.function = p->function;
    r.name = p->name;
  }
  r.message = "error on enabled probe ID " + std::to_string(epid) + " (ID " +
              std::to_string(probe_id) + ": " + (p ? p->FullName() : "?") + "): ";
  return r;
}

}  // namespace

TracingSession::TracingSession(CompiledProgram program, ProbeRegistry& probes,
                               SessionOptions options, StopSignals& stop, FILE* out)
    : program_(std::move(program)),
      probes_(probes),
      options_(options),
      stop_(stop),
      out_(out),
      lookup_(ResolveKernelAddress) {
  sink_ = options_.json ? MakeJsonSink(out_) : MakeTextSink(out_);
  sink_->SetOptions(OutputOptions());
  agg_printed_.assign(program_.aggregations.size(), false);
  for (const auto& [probe_id, clause] : program_.epids) ++clauses_of_probe_[probe_id];
  if (options_.ring_bytes > 0)
    ring_policy_ = std::make_unique<RingPolicyBuffer>(options_.ring_bytes);
}

TracingSession::~TracingSession() {
  attachments_.clear();
  late_probes_.reset();
}

SinkOptions TracingSession::OutputOptions() const {
  SinkOptions opts;
  opts.quiet = options_.quiet;
  opts.flow_indent = options_.flow_indent;
  opts.strsize = static_cast<int>(options_.strsize);
  opts.stack_indent = options_.stack_indent;
  opts.sort = options_.sort;
  opts.kernel_lookup = lookup_;
  opts.user_lookup = user_lookup_;
  opts.raw_bytes = options_.raw_bytes;
  return opts;
}

void TracingSession::Report(LossKind kind, int cpu, uint64_t count, uint64_t total,
                            const std::string& message) {
  sink_->Drop(DropReport{kind, cpu, count, total, message});
}

void TracingSession::StartMetricsServer() {
  if (!options_.metrics_address) return;
  // The server's thread reads the maps and names symbols while this one
  // consumes records: user symbols go through the lock (UserProcesses
  // snapshots processes as it looks them up); kernel symbols are read-only
  // once loaded, and Run() loaded them if the program needs them.
  metrics_source_ = std::make_unique<MetricsSource>(program_, maps_, lookup_, user_lookup_,
                                                    static_cast<int>(options_.strsize));
  try {
    metrics_server_ = std::make_unique<metrics::MetricsServer>(
        *options_.metrics_address, [this](metrics::Format format) {
          return metrics::Render(metrics_source_->Read(), format);
        });
  } catch (const std::runtime_error& e) {
    throw RuntimeError(e.what());
  }
  if (options_.metrics_address->text.ends_with(":0"))
    fprintf(stderr, "dtrace: serving metrics at http://%s/metrics\n",
            (options_.metrics_address->text.substr(0, options_.metrics_address->text.size() - 1) +
             std::to_string(metrics_server_->port()))
                .c_str());
}

void TracingSession::RunOnce(int program_index) {
  if (program_index < 0) return;
  runtime::RunProgramOnce(programs_[program_index].fd());
}

int TracingSession::ConsumeRing() {
  int consumed = ring_->reader.Consume(kRecordBatch);
  // As libdtrace, which looks no further than the buffer it holds: a
  // return held back for the record after it is printed when none came.
  PrintHeldRecord(std::nullopt);
  return consumed;
}

int TracingSession::ConsumeBatch() {
  int consumed = ConsumeRing();
  RunPendingErrors();
  ReportErrorProbeFaults();
  // exit() followed by a fault in its clause: the fault discards the record
  // that carried the exit, but the in-kernel flag has already stopped every
  // probe. Learn of the exit from the flag, as DTrace polls its status.
  if (!exit_requested_ && KernelExitFlagSet()) exit_requested_ = true;
  return consumed;
}

void TracingSession::RunPendingErrors() {
  // Only the faults seen so far: those ERROR's own records bring in wait for
  // the next batch, so a storm of faults cannot keep this from returning.
  std::vector<ErrorRecord> errors;
  errors.swap(pending_errors_);
  for (const ErrorRecord& e : errors) RunErrorProbe(e);
}

uint32_t TracingSession::EnabledProbeId(uint32_t probe_id, uint32_t clause) const {
  for (size_t i = 0; i < program_.epids.size(); ++i)
    if (program_.epids[i].first == probe_id && program_.epids[i].second == static_cast<int>(clause))
      return static_cast<uint32_t>(i + 1);
  return 0;
}

bool TracingSession::KernelExitFlagSet() {
  if (program_.globals_map < 0) return false;
  const MapDef& def = program_.maps.at(program_.globals_map);
  std::vector<uint8_t> globals(def.value_size, 0);
  uint32_t zero = 0;
  if (!maps_.at(program_.globals_map).Lookup(&zero, globals.data())) return false;
  uint64_t flag = 0;
  memcpy(&flag, globals.data() + program_.exit_flag_offset, sizeof(flag));
  return flag != 0;
}

// As in DTrace, a fault in an ERROR clause does not fire ERROR again (that
// could loop forever): it is only counted, and the count reported.
void TracingSession::ReportErrorProbeFaults() {
  if (error_probe_faults_ == error_probe_faults_reported_) return;
  uint64_t n = error_probe_faults_ - error_probe_faults_reported_;
  error_probe_faults_reported_ = error_probe_faults_;
  Report(LossKind::kErrorInError, -1, n, error_probe_faults_,
         std::to_string(n) + " error" + (n == 1 ? "" : "s") + " in ERROR probe enabling");
}

void TracingSession::RunErrorProbe(const ErrorRecord& err) {
  if (program_.error_program >= 0 &&
      err.header.probe_id == program_.programs[program_.error_program].probe->id) {
    ++error_probe_faults_;
    return;
  }
  uint32_t epid = EnabledProbeId(err.header.probe_id, err.header.epid);
  if (program_.error_program >= 0) {
    // ERROR's arguments, as DTrace passes them: arg1 EPID, arg2 action,
    // arg3 offset, arg4 fault, arg5 address.
    runtime::RunProgramOnce(
        programs_[program_.error_program].fd(),
        {0, epid, err.action, err.offset, err.fault, err.addr, 0, 0, 0, 0, 0, 0});
    ConsumeRing();
  }
  const Probe* p = probes_.ById(err.header.probe_id);
  std::string where =
      err.action == 0 ? std::string("predicate") : "action #" + std::to_string(err.action);
  std::string what = FaultText(err.fault);
  ErrorReport r = ErrorAt(static_cast<int>(err.header.cpu), epid, err.header.probe_id, p);
  r.is_fault = true;
  r.action = err.action;
  r.offset = err.offset;
  r.fault = what;
  if (static_cast<FaultKind>(err.fault) == FaultKind::kBadAddr ||
      static_cast<FaultKind>(err.fault) == FaultKind::kBadAlign) {
    r.address = err.addr;
    char buf[32];
    snprintf(buf, sizeof(buf), " (0x%llx)", static_cast<unsigned long long>(err.addr));
    what += buf;
  }
  r.message += what + " in " + where + " at DIF offset " + std::to_string(err.offset);
  sink_->Error(r);
}

void TracingSession::RunSystemCommand(const std::string& command, int fd) {
  pid_t child = fork();
  if (child < 0) {
    fprintf(stderr, "dtrace: failed to run system(\"%s\"): %s\n", command.c_str(), strerror(errno));
    return;
  }
  if (child == 0) {
    stop_.RestoreInChild();
    if (fd != STDOUT_FILENO) dup2(fd, STDOUT_FILENO);
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  while (waitpid(child, nullptr, 0) < 0 && errno == EINTR) {
  }
}

void TracingSession::PrintRecordActions(const RecordDesc& desc, const uint8_t* data) {
  for (const ActionDesc& a : desc.actions) {
    if (!ActionRan(a, data)) continue;
    switch (a.kind) {
      case ActionKind::kTrace:
        sink_->Trace(DecodeField(data, a.fields[0], lookup_));
        break;
      case ActionKind::kPrintf: {
        std::vector<Value> args;
        for (const FieldDesc& f : a.fields) args.push_back(DecodeField(data, f));
        sink_->Printf(ParsePrintfFormat(a.format), args);
        break;
      }
      case ActionKind::kSystem: {
        std::vector<Value> args;
        for (const FieldDesc& f : a.fields) args.push_back(DecodeField(data, f));
        const std::string command = FormatPrintf(ParsePrintfFormat(a.format), args);
        sink_->System([&](int fd) { RunSystemCommand(command, fd); });
        break;
      }
      case ActionKind::kPrinta:
        Printa(a);
        break;
      case ActionKind::kExit:
        // The first exit() sets the status, even when the in-kernel flag
        // already ended the run.
        if (!exit_status_set_) {
          exit_status_set_ = true;
          exit_status_ = static_cast<int>(DecodeField(data, a.fields[0]).AsSigned());
        }
        exit_requested_ = true;
        break;
      case ActionKind::kClear:
      case ActionKind::kTrunc:
        ClearOrTrunc(a);
        break;
      case ActionKind::kPrint:
        if (a.print_type) sink_->Print(*a.print_type, data + a.fields[0].offset, a.fields[0].size);
        break;
      case ActionKind::kTraceMem: {
        std::string bytes = DecodeField(data, a.fields[0]).str;
        if (a.fields.size() > 1)
          bytes.resize(
              TracememShownBytes(DecodeField(data, a.fields[1]).AsUnsigned(), bytes.size()));
        sink_->Memory(MemoryAction::kTracemem, bytes);
        break;
      }
      case ActionKind::kPrintm:
        sink_->Memory(MemoryAction::kPrintm, DecodeField(data, a.fields[0]).str);
        break;
      case ActionKind::kSetopt:
        Setopt(a, data);
        break;
      case ActionKind::kNormalize:
        // From now on printa() and the exit printing divide by it.
        program_.aggregations.at(a.aggregations[0]).desc.normal =
            a.fields.empty() ? 1 : DecodeField(data, a.fields[0]).AsUnsigned();
        break;
      case ActionKind::kCommit:
      case ActionKind::kDiscard:
        EndSpeculation(a, data);
        break;
      case ActionKind::kFreopen:
        Freopen(a, data);
        break;
      case ActionKind::kFtruncate:
        redirect_.Truncate();
        break;
      case ActionKind::kBreakpoint:
      case ActionKind::kPanic:
        ReportUnsupported(a, data);
        break;
    }
  }
}

void TracingSession::OnRecord(const uint8_t* data, size_t size) {
  if (size < sizeof(RecordHeader)) return;
  RecordHeader h;
  memcpy(&h, data, sizeof(h));
  if (h.desc_id == kProcessNoticeRecord) {
    if (size >= sizeof(ProcessNotice)) {
      ProcessNotice notice;
      memcpy(&notice, data, sizeof(notice));
      std::lock_guard<std::mutex> lock(user_processes_mutex_);
      user_processes_->Notice(static_cast<pid_t>(notice.tgid));
    }
    return;
  }
  if (h.desc_id == kErrorRecord) {
    PrintHeldRecord(std::nullopt);
    last_clause_.reset();
    if (size >= sizeof(ErrorRecord)) {
      ErrorRecord e;
      memcpy(&e, data, sizeof(e));
      pending_errors_.push_back(e);
    }
    return;
  }
  if (h.desc_id >= program_.records.size()) return;
  const RecordDesc& desc = program_.records[h.desc_id];
  if (size < desc.size) return;
  if (ring_policy_) {  // bufpolicy=ring: printed when tracing ends
    ring_policy_->Add(data, size);
    return;
  }
  if (desc.speculation_offset != 0) {
    uint64_t token;
    memcpy(&token, data + desc.speculation_offset, sizeof(token));
    speculations_.Add(token, h.cpu, data, size);
    return;
  }
  const EnabledClause clause{h.probe_id, h.epid};
  PrintHeldRecord(clause);
  if (options_.flow_indent && MayBeFollowedBySameProbe(h.probe_id)) {
    const Probe* p = probes_.ById(h.probe_id);
    if (p != nullptr && FlowKindOfName(p->name) == FlowKind::kReturn) {
      held_record_.assign(data, data + size);
      return;
    }
  }
  PrintRecord(data, std::nullopt);
}

bool TracingSession::MayBeFollowedBySameProbe(uint32_t probe_id) const {
  auto it = clauses_of_probe_.find(probe_id);
  return it != clauses_of_probe_.end() && it->second > 1;
}

void TracingSession::PrintHeldRecord(std::optional<EnabledClause> next) {
  if (held_record_.empty()) return;
  std::vector<uint8_t> record;
  record.swap(held_record_);
  PrintRecord(record.data(), next);
}

void TracingSession::PrintRecord(const uint8_t* data, std::optional<EnabledClause> next) {
  RecordHeader h;
  memcpy(&h, data, sizeof(h));
  const RecordDesc& desc = program_.records[h.desc_id];
  if (desc.silent) {  // commit() or discard() alone: no probe line
    PrintRecordActions(desc, data);
    return;
  }
  const Probe* p = probes_.ById(h.probe_id);
  ProbeFiring firing;
  firing.cpu = static_cast<int>(h.cpu);
  firing.probe_id = h.probe_id;
  if (p != nullptr) {
    firing.provider = p->provider;
    firing.module = p->module;
    firing.function = p->function;
    firing.name = p->name;
  }
  firing.clause = EnabledClause{h.probe_id, h.epid};
  firing.previous = last_clause_;
  firing.next = next;
  sink_->BeginRecord(firing);
  last_clause_ = firing.clause;
  PrintRecordActions(desc, data);
  sink_->EndRecord();
}

void TracingSession::EndSpeculation(const ActionDesc& a, const uint8_t* data) {
  uint64_t token = DecodeField(data, a.fields[0]).AsUnsigned();
  if (token == 0) return;  // the speculation was not active
  if (a.kind == ActionKind::kCommit) {
    for (const std::vector<uint8_t>& record : speculations_.Take(token)) {
      PrintRecord(record.data(), std::nullopt);
    }
  } else {
    speculations_.Drop(token);
  }
}

void TracingSession::ReportSpeculationFailures() {
  auto report = [&](LossKind kind, uint64_t now, uint64_t& seen, const char* what,
                    const char* why) {
    if (now == seen) return;
    uint64_t n = now - seen;
    seen = now;
    Report(kind, -1, n, now, std::to_string(n) + " " + what + (n == 1 ? "" : "s") + why);
  };
  report(LossKind::kSpeculation, speculations_.drops(), spec_drops_seen_, "speculative drop", "");
  if (program_.speculation_map < 0) return;
  auto counter = [&](uint32_t word) {
    uint32_t key = program_.nspec + word;
    uint64_t value = 0;
    maps_.at(program_.speculation_map).Lookup(&key, &value);
    return value;
  };
  report(LossKind::kSpeculationUnavailable, counter(kSpecUnavailable), spec_unavailable_seen_,
         "failed speculation", " (no speculative buffer available)");
}

void TracingSession::ReportDrops() {
  ReportSpeculationFailures();
  if (program_.drops_map < 0) return;
  std::vector<uint64_t> now(kDropWords, 0);
  uint32_t zero = 0;
  if (!maps_.at(program_.drops_map).Lookup(&zero, now.data())) return;
  drops_seen_.resize(now.size(), 0);
  if (now[kDropDynamicWord] != drops_seen_[kDropDynamicWord]) {
    const uint64_t n = now[kDropDynamicWord] - drops_seen_[kDropDynamicWord];
    Report(LossKind::kDynamic, -1, n, now[kDropDynamicWord],
           std::to_string(n) + " dynamic variable drop" + (n == 1 ? "" : "s"));
    drops_seen_[kDropDynamicWord] = now[kDropDynamicWord];
  }
  for (uint32_t kind = 0; kind < kDropKinds; ++kind) {
    const char* what = kind == kDropAggregation ? "aggregation " : "";
    for (uint32_t cpu = 0; cpu < kMaxDropCpus; ++cpu) {
      const size_t i = kind * kMaxDropCpus + cpu;
      if (now[i] == drops_seen_[i]) continue;
      const uint64_t n = now[i] - drops_seen_[i];
      Report(kind == kDropAggregation ? LossKind::kAggregation : LossKind::kPrincipal,
             static_cast<int>(cpu), n, now[i],
             std::to_string(n) + " " + what + "drop" + (n == 1 ? "" : "s") + " on CPU " +
                 std::to_string(cpu));
      drops_seen_[i] = now[i];
    }
  }
}

void TracingSession::PrintRingPolicyRecords() {
  if (!ring_policy_) return;
  std::deque<std::vector<uint8_t>> records = ring_policy_->Take();
  ring_policy_.reset();
  for (const std::vector<uint8_t>& r : records) OnRecord(r.data(), r.size());
  PrintHeldRecord(std::nullopt);
  fflush(out_);
}

bool TracingSession::TargetExited() {
  return options_.target != nullptr && options_.target->Exited();
}

void TracingSession::Freopen(const ActionDesc& a, const uint8_t* record) {
  std::vector<Value> args;
  for (const FieldDesc& f : a.fields) args.push_back(DecodeField(record, f));
  const std::string path = FormatPrintf(ParsePrintfFormat(a.format), args);
  std::string why = redirect_.Reopen(path);
  if (why.empty()) return;
  RecordHeader h;
  memcpy(&h, record, sizeof(h));
  ErrorReport r = ErrorAt(static_cast<int>(h.cpu), EnabledProbeId(h.probe_id, h.epid), h.probe_id,
                          probes_.ById(h.probe_id));
  r.message += "freopen( ) could not open \"" + path + "\": " + why;
  sink_->Error(r);
}

// Linux gives BPF programs no way into a kernel debugger and no way to
// panic the kernel, so these are reported at every firing and do nothing.
void TracingSession::ReportUnsupported(const ActionDesc& a, const uint8_t* record) {
  RecordHeader h;
  memcpy(&h, record, sizeof(h));
  ErrorReport r = ErrorAt(static_cast<int>(h.cpu), EnabledProbeId(h.probe_id, h.epid), h.probe_id,
                          probes_.ById(h.probe_id));
  r.message += a.kind == ActionKind::kBreakpoint
                   ? "breakpoint( ) is not supported on Linux: a BPF program cannot enter a "
                     "kernel debugger; nothing was done"
                   : "panic( ) is not supported on Linux: a BPF program cannot panic the "
                     "kernel; the system was left running";
  sink_->Error(r);
}

void TracingSession::Setopt(const ActionDesc& a, const uint8_t* record) {
  RunSettings now;
  now.quiet = options_.quiet;
  now.flow_indent = options_.flow_indent;
  now.sort = options_.sort;
  now.stack_indent = options_.stack_indent;
  now.switchrate_ns = options_.switchrate_ns;
  now.aggrate_ns = options_.aggrate_ns;
  now.raw_bytes = options_.raw_bytes;
  try {
    if (IsKnownOption(a.option) && !IsDynamicOption(a.option))
      throw OptionError(kOptionWhileActive);
    now.Set(a.option, a.option_value);
  } catch (const OptionError& e) {
    RecordHeader h;
    memcpy(&h, record, sizeof(h));
    ErrorReport r = ErrorAt(static_cast<int>(h.cpu), EnabledProbeId(h.probe_id, h.epid), h.probe_id,
                            probes_.ById(h.probe_id));
    r.message +=
        "couldn't set option \"" + a.option + "\" to \"" + a.option_value + "\": " + e.what();
    sink_->Error(r);
    return;
  }
  options_.quiet = now.quiet;
  options_.flow_indent = now.flow_indent;
  options_.sort = now.sort;
  options_.stack_indent = now.stack_indent;
  options_.switchrate_ns = now.switchrate_ns;
  options_.aggrate_ns = now.aggrate_ns;
  options_.raw_bytes = now.raw_bytes;
  sink_->SetOptions(OutputOptions());
}

namespace {

// How long a record may wait in the buffer before it is printed: output
// keeps up with the traced program for the eye, and the loop wakes 100
// times a second at most when little is traced.
constexpr std::chrono::milliseconds kRecordLookInterval(10);

}  // namespace

void TracingSession::TraceUntilStopped() {
  EventWait wait;
  wait.Add(ring_->reader.epoll_fd(), kRingReady);
  wait.Add(stop_.fd(), kSignalReady);
  TargetProcess* target = options_.target;
  bool target_polled = target != nullptr && target->exit_fd() < 0;
  if (target != nullptr && !target_polled) wait.Add(target->exit_fd(), kTargetReady);
  if (late_probes_) wait.Add(late_probes_->epoll_fd(), kLateReady);

  auto period = [this] { return std::chrono::nanoseconds(options_.switchrate_ns); };
  Clock::time_point next_report = Clock::now() + period();
  bool more = true;  // records may be waiting: look again without sleeping
  while (!exit_requested_) {
    int timeout_ms = 0;
    if (!more) {
      auto wait_for = std::chrono::ceil<std::chrono::milliseconds>(next_report - Clock::now());
      // Programs wake this loop only when the buffer is filling
      // (codegen's GenRingOutput), so it looks for records on its own.
      wait_for = std::min(wait_for, kRecordLookInterval);
      // Without a pidfd, look at the target often enough to end promptly.
      if (target_polled) wait_for = std::min(wait_for, std::chrono::milliseconds(100));
      timeout_ms = static_cast<int>(std::max<int64_t>(0, wait_for.count()));
    }
    uint32_t ready = wait.Wait(timeout_ms);
    if ((ready & (1u << kSignalReady)) && stop_.Poll() > 0) break;
    if (ready & (1u << kLateReady)) AddLateProbes();
    more = ConsumeBatch() == kRecordBatch;
    fflush(out_);
    if ((target_polled || (ready & (1u << kTargetReady))) && TargetExited()) {
      target_exited_ = true;
      break;
    }
    Clock::time_point now = Clock::now();
    if (now >= next_report) {
      ReportDrops();
      next_report = now + period();
    }
  }
}

void TracingSession::DrainAfterStop() {
  // The ring holds at most its size in records now that nothing writes to
  // it; a second signal (DTrace's "impatient" user) abandons them.
  while (stop_.Poll() < 2 && ConsumeBatch() == kRecordBatch) {
  }
}

int TracingSession::Run() {
  // Read the symbol table before tracing starts rather than at the first
  // record that needs it (it takes ~100 ms of kernel time).
  if (program_.uses_kernel_symbols) runtime::KernelSymbols::Kernel();
  CreateMaps();
  LoadPrograms();
  PrepareUserProcesses();
  ring_ = std::make_unique<RingReaderHolder>(
      maps_.at(program_.ring_map).fd(), [this](const uint8_t* d, size_t n) { OnRecord(d, n); });

  // A port in use is an error before anything fires.
  StartMetricsServer();
  if (options_.destructive && !options_.quiet)
    fprintf(stderr, "dtrace: allowing destructive actions\n");
  // BEGIN fires before any other probe can.
  RunOnce(program_.begin_program);
  while (ConsumeBatch() == kRecordBatch) {
  }
  if (!exit_requested_) {
    AttachProbes();
    if (options_.target != nullptr) options_.target->Resume();
    fflush(out_);
    TraceUntilStopped();
  }

  // DTrace ends the line a Ctrl-C leaves on the terminal, even when quiet.
  if (stop_.received() > 0) sink_->Interrupted();
  attachments_.clear();  // nothing more is written to the ring
  late_probes_.reset();  // and processes stopped for a library go on
  DrainAfterStop();
  ReportDrops();
  if (target_exited_ && !options_.quiet) {
    fflush(out_);
    fprintf(stderr, "dtrace: pid %d has exited\n", options_.target->pid());
  }
  bool impatient = stop_.Poll() >= 2;
  if (!impatient) {
    exit_requested_ = false;
    exit_status_set_ = false;  // an exit() in END has the last word
    RunOnce(program_.end_program);
    DrainAfterStop();
    ReportDrops();
  }

  if (!impatient) PrintRingPolicyRecords();
  sink_->TracingEnded();
  std::vector<int> remaining;
  for (size_t i = 0; i < program_.aggregations.size(); ++i)
    if (!agg_printed_[i]) remaining.push_back(static_cast<int>(i));
  if (!remaining.empty() && !impatient) sink_->ExitAggregations(Snapshot(remaining));
  fflush(out_);
  if (metrics_server_) metrics_server_->Stop();
  return exit_status_;
}

}  // namespace dt
