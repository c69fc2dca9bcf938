#include "cli/run_step.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>
#include <utility>

#include "cli/stop_signals.h"
#include "cli/tracing_session.h"
#include "common/diagnostic.h"

namespace dt {

namespace {

// Returns how many probes the sources matched in all.
int AnnounceMatches(const CompiledRun& compiled) {
  int total = 0;
  for (const SourceMatches& m : compiled.matches) {
    total += m.probes;
    if (compiled.settings.quiet) continue;
    fprintf(stderr, "dtrace: %s matched %d probe%s\n", m.label.c_str(), m.probes,
            m.probes == 1 ? "" : "s");
  }
  return total;
}

std::optional<DtraceError> RefuseToEnable(const CompiledRun& compiled, int total_matched) {
  const RunSettings& settings = compiled.settings;
  // Programs with no clause at all (an empty script): nothing to trace.
  if (total_matched == 0 && !settings.zdefs) return DtraceError{"no probes matched"};
  if (settings.bufsize > kMaxBufferSize) {
    // DTrace's bufresize=auto: use the largest buffer there is, and say so.
    if (settings.bufresize_manual) {
      return DtraceError{std::string("could not enable tracing: ") + strerror(ENOMEM) +
                         " (bufresize=manual, and the largest buffer is " +
                         FormatSizeForNotice(kMaxBufferSize) + ")"};
    }
    fprintf(stderr, "dtrace: buffer size lowered to %s\n",
            FormatSizeForNotice(kMaxBufferSize).c_str());
  }
  if (settings.buf_policy == BufPolicy::kFill &&
      compiled.program.fill_end_reserve > std::min(settings.bufsize, kMaxBufferSize))
    return DtraceError{"could not enable tracing: END enablings exceed size of principal buffer"};
  if (compiled.destructive && !settings.destructive)
    return DtraceError{"could not enable tracing: Destructive actions not allowed"};
  return std::nullopt;
}

SessionOptions SessionOptionsFor(const RunSettings& settings, TargetProcess* target) {
  SessionOptions so;
  so.quiet = settings.quiet;
  so.flow_indent = settings.flow_indent;
  so.strsize = settings.StringStorage();
  so.stack_indent = settings.stack_indent;
  so.sort = settings.sort;
  so.target = target;
  so.switchrate_ns = settings.switchrate_ns;
  so.aggrate_ns = settings.aggrate_ns;
  so.specsize = settings.specsize;
  so.json = settings.json_output;
  if (!settings.metrics_address.empty())
    so.metrics_address = metrics::ParseListenAddress(settings.metrics_address);
  so.raw_bytes = settings.raw_bytes;
  so.destructive = settings.destructive;
  if (settings.buf_policy == BufPolicy::kRing)
    so.ring_bytes = std::min(settings.bufsize, kMaxBufferSize);
  return so;
}

}  // namespace

OrDtraceError<int> RunCompiled(CompiledRun compiled, ProbeRegistry& registry, TargetProcess* target,
                               FILE* out) {
  int total_matched = AnnounceMatches(compiled);
  if (std::optional<DtraceError> refused = RefuseToEnable(compiled, total_matched)) return *refused;
  try {
    // The run's stop state: created here, read by the session alone.
    StopSignals stop;
    TracingSession session(std::move(compiled.program), registry,
                           SessionOptionsFor(compiled.settings, target), stop, out);
    return session.Run();
  } catch (const CompileError& e) {
    return DescribeWithoutLine(e, compiled.settings.errtags);
  } catch (const RuntimeError& e) {
    return DtraceError{e.what()};
  }
}

}  // namespace dt
