// Every probe this machine offers, numbered as `dtrace -l` shows them.
//
// The registry knows no provider: it asks each one in the table
// (AllProviders(), provider_table.cc) for its probes and, when a
// description is matched, to create those it makes on demand.
//
// IDs are stable for a given kernel: dtrace:::BEGIN/END/ERROR are 1-3, the
// default profile probes follow, then the syscall probes in syscall-number
// order (entry, return), then one sdt probe per kernel tracepoint, sorted by
// (category, event) (see kTracepointProvider in probe.h for the naming).
// Profile probes with other rates are created the first time a description
// names them, as DTrace does, and so come after everything else.
//
// Building the registry reads one tracefs file (available_events); no
// format file is read until Args() asks for one probe's arguments.
#pragma once

#include <sys/types.h>

#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "providers/probe.h"
#include "providers/probe_description.h"

namespace dt {

// Splits "a:b:c:d" (or fewer fields, which are the rightmost ones).
ProbeSpecFields SplitProbeSpec(const std::string& spec);

// Reads the running kernel's events (runtime::ListAvailableEvents).
KernelEventList ReadKernelEvents();

class ProbeRegistry {
 public:
  ProbeRegistry() : ProbeRegistry(ReadKernelEvents()) {}
  // From a given event list (tests use this to be independent of the host).
  explicit ProbeRegistry(const KernelEventList& events);

  // The probes matching a description, in ID order; creates profile and
  // tick probes on demand. Empty when nothing matches. Never reads formats.
  std::vector<const Probe*> Match(const std::string& spec);
  const std::vector<std::unique_ptr<Probe>>& probes() const { return probes_; }
  const Probe* ById(uint32_t id) const;

  // The typed arguments of `probe` (see providers/probe_args.h): read from
  // tracefs the first time they are asked for, then cached. The reference
  // stays valid as long as the registry. Empty for probes without typed
  // arguments, and for tracepoints whose format cannot be read.
  const std::vector<ProbeArg>& Args(const Probe& probe) const;
  // Gives `probe` these arguments, as if its provider had read them: for
  // tests that must not depend on the tracepoints of the host they run on.
  void SetArgs(const Probe& probe, std::vector<ProbeArg> args);

  // For providers (Provider::AddProbes, CreateOnDemand): numbers the probe
  // and keeps it for the registry's lifetime.
  Probe& Add(Probe p);

  // A description matched again for one process only (it loaded objects
  // while traced): providers that look through every running process for
  // a glob (usdt's python*) look at this one alone. 0: every process.
  void set_process_scope(pid_t pid) { process_scope_ = pid; }
  pid_t process_scope() const { return process_scope_; }

 private:
  std::vector<std::unique_ptr<Probe>> probes_;
  mutable std::unordered_map<uint32_t, std::vector<ProbeArg>> args_;  // by probe id
  pid_t process_scope_ = 0;
};

// True when `pattern` (a description field, globs allowed) matches `value`.
bool MatchProbeField(const std::string& pattern, const std::string& value);

}  // namespace dt
