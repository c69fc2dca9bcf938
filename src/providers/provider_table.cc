// The providers, one line each. Their order is the order of probe IDs.
#include "providers/dtrace_provider.h"
#include "providers/fbt_provider.h"
#include "providers/lockstat_provider.h"
#include "providers/net_providers.h"
#include "providers/pid_provider.h"
#include "providers/probe_registry.h"
#include "providers/profile_provider.h"
#include "providers/provider.h"
#include "providers/sdt_provider.h"
#include "providers/stable_providers.h"
#include "providers/syscall_provider.h"
#include "providers/usdt_provider.h"

namespace dt {

const std::vector<const Provider*>& AllProviders() {
  static const std::vector<const Provider*> kProviders = {
      &DtraceProvider(),    // dtrace:::BEGIN, END, ERROR
      &ProfileProvider(),   // profile-N, tick-N
      &SyscallProvider(),   // syscall::<fn>:entry/return
      &SdtProvider(),       // sdt:<category>::<event>, every kernel tracepoint
      &StableProvider(),    // sched, proc, io
      &NetProvider(),       // tcp, udp, ip
      &LockstatProvider(),  // lockstat
      &FbtProvider(),       // fbt:<module>:<function>:entry/return, made on demand
      &PidProvider(),       // pid<PID>:<module>:<function>:entry/return, made on demand
      &UsdtProvider(),      // <provider><PID>:<module>:<function>:<name>, made on demand
  };
  return kProviders;
}

bool Provider::Matches(const ProbeSpecFields& desc, const Probe& probe) const {
  return MatchProbeField(desc.provider, probe.provider) &&
         MatchProbeField(desc.module, probe.module) &&
         MatchProbeField(desc.function, probe.function) && MatchProbeField(desc.name, probe.name);
}

size_t ProviderRank(const Provider& provider) {
  const std::vector<const Provider*>& all = AllProviders();
  for (size_t i = 0; i < all.size(); ++i)
    if (all[i] == &provider) return i;
  return all.size();
}

}  // namespace dt
