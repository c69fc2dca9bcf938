// Every probe this machine offers, numbered as `dtrace -l` shows them.
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

#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "providers/probe.h"

namespace dt {

struct ProbeSpecFields {
  std::string provider, module, function, name;
};

// Splits "a:b:c:d" (or fewer fields, which are the rightmost ones).
ProbeSpecFields SplitProbeSpec(const std::string& spec);

// The kernel events the registry turns into probes: (category, event)
// pairs as available_events lists them, syscalls included.
using KernelEventList = std::vector<std::pair<std::string, std::string>>;

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

 private:
  Probe& Add(Probe p);
  void AddSyscallProbes(const KernelEventList& events);
  void AddTracepointProbes(const KernelEventList& events);
  void AddStableProbes(const KernelEventList& events);
  const Probe* CreateProfileProbe(const std::string& name);

  std::vector<std::unique_ptr<Probe>> probes_;
  mutable std::unordered_map<uint32_t, std::vector<ProbeArg>> args_;  // by probe id
};

// True when `pattern` (a description field, globs allowed) matches `value`.
bool MatchProbeField(const std::string& pattern, const std::string& value);

// "997hz", "10ms", "1s", "97" (Hz by default) -> nanoseconds; 0 if invalid.
uint64_t ParseProfileRate(const std::string& text);

}  // namespace dt
