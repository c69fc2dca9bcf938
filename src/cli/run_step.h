// The run step of a dtrace run: a compiled program -> a tracing session run
// to its end.
//
// It says what each source matched ("dtrace: description 'X' matched 2
// probes", unless quiet), refuses what cannot be enabled (nothing matched,
// a buffer over the largest with bufresize=manual, destructive actions
// without -w), then creates the run's stop state (SIGINT and SIGTERM,
// blocked and read from a signalfd: cli/stop_signals.h) and runs the
// session with it.
#pragma once

#include <cstdio>

#include "cli/compile_step.h"
#include "cli/dtrace_error.h"
#include "cli/target_process.h"
#include "providers/probe_registry.h"

namespace dt {

// Returns dtrace's exit status, or why tracing could not start or go on.
// `target` (-c or -p, may be null) is resumed once tracing is on, and its
// exit ends the run; output goes to `out`.
OrDtraceError<int> RunCompiled(CompiledRun compiled, ProbeRegistry& registry, TargetProcess* target,
                               FILE* out);

}  // namespace dt
