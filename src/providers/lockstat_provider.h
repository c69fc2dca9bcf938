// DTrace's lockstat provider on the kernel's lock:contention_begin and
// lock:contention_end tracepoints (Linux 5.19+): the contention probes
// (adaptive-spin, adaptive-block, spin-spin, rw-spin, rw-block and Oracle
// Linux's adaptive-acquire-error), each firing at contention_end with the
// lock and the time since its contention_begin. The hold probes
// (adaptive-acquire, adaptive-release, spin-acquire, spin-release,
// rw-acquire, rw-release) need fbt: no tracepoint marks an uncontended
// acquisition or a release. Defined like sched/proc/io
// (stable_providers.h).
#pragma once

#include <vector>

#include "providers/provider.h"
#include "providers/stable_providers.h"

namespace dt {

const std::vector<StableProbe>& LockstatProbes();

const Provider& LockstatProvider();

}  // namespace dt
