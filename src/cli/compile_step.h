// The compile step of a dtrace run: the command line's program sources
// (-n/-P/-m/-f/-i text and -s scripts) -> one CompiledProgram and what the
// run step needs to know about it. Nothing is loaded or attached, so tests
// call it without tracing.
//
// The D library (built in, and -L directories) is analyzed first; then every
// source is read, and each in turn is preprocessed (-C scripts), parsed with
// its macros ($0, $1..., $pid, $target, ...), has its #pragma D options
// applied and is analyzed; code generation comes last, with the ring size,
// the kernel symbols and the task_struct offsets (BTF) it needs.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "cli/dtrace_error.h"
#include "cli/options.h"
#include "cli/run_settings.h"
#include "codegen/compiled_program.h"
#include "providers/probe_registry.h"

namespace dt {

// What a program's macros see of the world outside its sources.
struct CompileContext {
  std::string program_name;  // argv[0]: $0 of a program given on the command line
  int target_pid = 0;        // $target: the -c or -p process, 0 without one
  // Called before a source that names pid probes of the target is
  // analyzed (the driver runs a -c process to its entry point, so the
  // libraries it starts with are mapped); may be empty.
  std::function<void()> before_target_pid_probes;
};

// "dtrace: <label> matched <probes> probes", once per source.
struct SourceMatches {
  std::string label;  // "description 'syscall::read:entry '" or "script 'x.d'"
  int probes = 0;

  bool operator==(const SourceMatches&) const = default;
};

struct CompiledRun {
  CompiledProgram program;
  RunSettings settings;                // the command line's, then each #pragma D option
  std::vector<SourceMatches> matches;  // one per source, in command-line order
  bool destructive = false;            // uses destructive actions, which need -w
};

// $pid, $ppid, $uid, $gid, $target, $sid, $pgid: the same for every source
// of a run (and for the descriptions -l expands).
std::map<std::string, std::string> ProcessMacros(int target_pid);

// The bytes of the ring buffer for a bufsize option: a power of two, at
// least a page, at most kMaxBufferSize.
uint32_t RingBufferBytes(uint64_t bufsize);

// Compiles options.sources, starting from `settings` (the -x options).
// Errors are worded as dtrace(1) words them: "failed to compile script x.d:
// x.d, line 3: ...", "invalid probe specifier <text>: ...", or a set-up
// failure (a script that cannot be read, kernel BTF without a task_struct
// member) as it was thrown.
OrDtraceError<CompiledRun> CompileSources(const Options& options, RunSettings settings,
                                          ProbeRegistry& registry, const CompileContext& context);

}  // namespace dt
