#include "cli/driver.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <utility>

#include "bpf/disasm.h"
#include "cli/compile_step.h"
#include "cli/dtrace_error.h"
#include "cli/options.h"
#include "cli/probe_listing.h"
#include "cli/run_settings.h"
#include "cli/run_step.h"
#include "cli/target_process.h"
#include "cli/usdt_generate.h"
#include "common/diagnostic.h"
#include "providers/probe_registry.h"
#include "providers/usdt_provider.h"
#include "runtime/privileges.h"

namespace dt {

namespace {

// Reads argv into `opts`; the exit status when that is all there is to do
// (a usage error, --help, -V, nothing to compile).
std::optional<int> ParseCommandLine(int argc, char** argv, Options& opts) {
  try {
    opts = ParseOptions(argc, argv);
  } catch (const UsageError& e) {
    if (e.what()[0]) fprintf(stderr, "%s\n", e.what());
    if (e.show_usage()) fputs(UsageText(argv[0]).c_str(), stderr);
    return e.exit_status();
  }
  if (opts.help) {
    fputs(UsageText(argv[0]).c_str(), stdout);
    return 0;
  }
  if (opts.show_version) {
    printf("dtrace: Sun D 1.13 (dtrace-ebpf, D compiled to eBPF)\n");
    return 0;
  }
  if (!opts.list && opts.sources.empty()) {
    fputs(UsageText(argv[0]).c_str(), stderr);
    return 2;
  }
  return std::nullopt;
}

// "failed to set -x strsize", "failed to set -b 99999999g": what was typed.
std::string OptionLabel(const OptionSetting& o) {
  if (o.flag == 'x') return "-x " + o.name;
  return std::string("-") + o.flag + " " + o.value;
}

// The -x options (and the flags that stand for them), in command-line order.
std::optional<DtraceError> ApplyCommandLineOptions(const Options& opts, RunSettings& settings) {
  for (const OptionSetting& o : opts.xopts) {
    try {
      settings.Set(o.name, o.value);
    } catch (const OptionError& e) {
      return DtraceError{"failed to set " + OptionLabel(o) + ": " + e.what()};
    }
  }
  return std::nullopt;
}

OrDtraceError<FILE*> OpenOutput(const Options& opts) {
  if (opts.output_file.empty()) return stdout;
  FILE* out = fopen(opts.output_file.c_str(), "a");  // dtrace(1) appends, it never truncates
  if (out == nullptr) {
    return DtraceError{"failed to open output file '" + opts.output_file + "': " + strerror(errno)};
  }
  return out;
}

void PrintBpf(const CompiledProgram& compiled) {
  for (const ProgramDef& p : compiled.programs) {
    fprintf(stderr, "BPF program for %s (%zu instructions):\n", p.name.c_str(), p.insns.size());
    fputs(DisassembleBpf(p.insns, [&](int m) { return compiled.maps.at(m).name; }).c_str(), stderr);
  }
}

// Compiles the sources and runs them (or only prints them: -S, -e), with
// the -c or -p process as $target.
OrDtraceError<int> CompileAndRun(const Options& opts, RunSettings settings, ProbeRegistry& registry,
                                 const char* program_name, TargetProcess* target, FILE* out) {
  CompileContext context{program_name, target ? target->pid() : 0, {}};
  if (target) context.before_target_pid_probes = [target] { target->RunToEntry(); };
  OrDtraceError<CompiledRun> compiled =
      CompileSources(opts, std::move(settings), registry, context);
  if (auto* error = std::get_if<DtraceError>(&compiled)) return *error;
  CompiledRun& run = std::get<CompiledRun>(compiled);
  if (opts.show_bpf) PrintBpf(run.program);
  if (opts.compile_only) return 0;
  OrDtraceError<int> status = RunCompiled(std::move(run), registry, target, out);
  if (out != stdout && std::holds_alternative<int>(status)) fclose(out);
  return status;
}

// Everything after the command line, each failure worded as dtrace(1) does.
// `target` is the caller's, so that a -c process dies after the message.
OrDtraceError<int> ListOrTrace(const Options& opts, const char* program_name,
                               std::optional<TargetProcess>& target) {
  RunSettings settings;
  try {
    // Before anything looks at the kernel's probes (tracefs is root's only),
    // so every program and -l get the same answer without privileges.
    runtime::CheckBpfAvailable();
    if (std::optional<DtraceError> error = ApplyCommandLineOptions(opts, settings)) return *error;
    SetUsdtPaths(settings.usdt_path);
    OrDtraceError<FILE*> out = OpenOutput(opts);
    if (auto* error = std::get_if<DtraceError>(&out)) return *error;
    ProbeRegistry registry;
    if (!opts.commands.empty()) {
      target.emplace(TargetProcess::Launch(opts.commands.front()));
    } else if (!opts.pids.empty()) {
      target.emplace(TargetProcess::Grab(opts.pids.front()));
    }
    if (opts.list) {
      // pid probes of a -c process name the libraries it starts with.
      if (target) target->RunToEntry();
      PrintProbeListing(registry, opts, std::get<FILE*>(out), target ? target->pid() : 0);
      return 0;
    }
    return CompileAndRun(opts, settings, registry, program_name, target ? &*target : nullptr,
                         std::get<FILE*>(out));
  } catch (const CompileError& e) {
    return DescribeWithoutLine(e, settings.errtags);
  } catch (const RuntimeError& e) {
    return DtraceError{e.what()};
  }
}

}  // namespace

int RunDtrace(int argc, char** argv) {
  Options opts;
  if (std::optional<int> status = ParseCommandLine(argc, argv, opts)) return *status;
  std::optional<TargetProcess> target;  // kills a -c process on every way out
  OrDtraceError<int> status = opts.generate != Options::Generate::kNone
                                  ? GenerateUsdtFiles(opts)
                                  : ListOrTrace(opts, argv[0], target);
  if (const DtraceError* error = std::get_if<DtraceError>(&status)) {
    fprintf(stderr, "dtrace: %s\n", error->message.c_str());
    return 1;
  }
  return std::get<int>(status);
}

}  // namespace dt
