// DTrace's network providers, tcp, udp and ip, on the kernel's tracepoints
// (net, tcp, sock), with the Dynamic Tracing Guide's translated arguments
// (lib/dtrace/ip.d, tcp.d, udp.d). Defined like sched/proc/io
// (stable_providers.h): each probe is a raw tracepoint, a condition and
// args[] written in D. Which tracepoint each probe uses and what it cannot
// give is in the table in net_providers.cc and in docs/dtrace.8.
#pragma once

#include <vector>

#include "providers/provider.h"
#include "providers/stable_providers.h"

namespace dt {

// Every tcp, udp and ip probe, in the order they are numbered.
const std::vector<StableProbe>& NetProbes();

// The provider of all three.
const Provider& NetProvider();

}  // namespace dt
