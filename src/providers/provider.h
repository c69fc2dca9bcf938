// A provider: one kind of probe, and everything the pipeline needs to know
// about it in one place.
//
// Each provider is one unit under src/providers/ (<name>_provider.{h,cc})
// and one line in the table of provider_table.cc. The registry asks it for
// its probes, the listing for their arguments and stability, code
// generation for the shape of the BPF program that fires them (and, through
// codegen's ProbeContext, for what its context supplies), and the tracing
// session for how to attach that program. Nothing else in the pipeline
// needs to know which provider it is talking to.
#pragma once

#include <vector>

#include "providers/probe.h"
#include "providers/probe_description.h"
#include "providers/stability.h"

namespace dt {

class ProbeRegistry;

class Provider {
 public:
  virtual ~Provider() = default;

  // Adds (ProbeRegistry::Add) the probes this provider offers on this
  // kernel, in the order they are to be numbered.
  virtual void AddProbes(const KernelEventList& events, ProbeRegistry& registry) const = 0;

  // Creates the probe a description names when this provider makes probes
  // on demand (profile-N, tick-N), before the description is matched.
  virtual void CreateOnDemand(const ProbeSpecFields& /*desc*/, ProbeRegistry& /*registry*/) const {}

  // The typed arguments (args[]) of one of its probes; none by default. Read
  // once per probe (ProbeRegistry::Args caches them).
  virtual std::vector<ProbeArg> ReadArgs(const Probe& /*probe*/) const { return {}; }

  // DTrace's interface attributes of its probes (`dtrace -lv`).
  virtual const ProviderAttributes& Attributes() const = 0;
};

// Every provider, in the order their probes are numbered (provider_table.cc).
const std::vector<const Provider*>& AllProviders();

}  // namespace dt
