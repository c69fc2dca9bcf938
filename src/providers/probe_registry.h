// Every probe this machine offers, numbered as `dtrace -l` shows them.
//
// IDs are stable for a given kernel: dtrace:::BEGIN/END/ERROR are 1-3, the
// default profile probes follow, then the syscall probes in syscall-number
// order (entry, return). Profile probes with other rates are created the
// first time a description names them, as DTrace does.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "providers/probe.h"

namespace dt {

struct ProbeSpecFields {
  std::string provider, module, function, name;
};

// Splits "a:b:c:d" (or fewer fields, which are the rightmost ones).
ProbeSpecFields SplitProbeSpec(const std::string& spec);

class ProbeRegistry {
 public:
  ProbeRegistry();

  // The probes matching a description, in ID order; creates profile and
  // tick probes on demand. Empty when nothing matches.
  std::vector<const Probe*> Match(const std::string& spec);
  const std::vector<std::unique_ptr<Probe>>& probes() const { return probes_; }
  const Probe* ById(uint32_t id) const;

 private:
  Probe& Add(Probe p);
  void AddSyscallProbes();
  const Probe* CreateProfileProbe(const std::string& name);

  std::vector<std::unique_ptr<Probe>> probes_;
};

// True when `pattern` (a description field, globs allowed) matches `value`.
bool MatchProbeField(const std::string& pattern, const std::string& value);

// "997hz", "10ms", "1s", "97" (Hz by default) -> nanoseconds; 0 if invalid.
uint64_t ParseProfileRate(const std::string& text);

}  // namespace dt
