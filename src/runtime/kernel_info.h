// Small facts about the running kernel and machine that providers and the
// consumer need.
#pragma once

#include <cstddef>
#include <cstdint>

namespace dt::runtime {

// Possible CPUs (the per-CPU map slot count). Throws RuntimeError on failure.
int NumPossibleCpus();

// Nanoseconds to add to bpf_ktime_get_ns() (CLOCK_MONOTONIC) to get wall-clock
// time since the Unix epoch (walltimestamp). Measured once and cached; the
// tightest of several CLOCK_REALTIME/CLOCK_MONOTONIC samples is used.
int64_t WalltimeOffsetNs();

// Current CLOCK_MONOTONIC in ns: the same clock as bpf_ktime_get_ns().
uint64_t MonotonicNowNs();

size_t PageSize();

}  // namespace dt::runtime
