#include "runtime/kernel_info.h"

#include <bpf/libbpf.h>
#include <time.h>
#include <unistd.h>

#include <cstring>
#include <limits>
#include <string>

#include "common/diagnostic.h"

namespace dt::runtime {
namespace {

int64_t ToNs(const timespec& ts) {
  return static_cast<int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

int64_t ClockNs(clockid_t clock) {
  timespec ts{};
  clock_gettime(clock, &ts);
  return ToNs(ts);
}

int64_t MeasureWalltimeOffset() {
  // Bracket a realtime read between two monotonic reads; the sample with the
  // shortest bracket pins the offset most tightly.
  int64_t best_offset = 0;
  int64_t best_gap = std::numeric_limits<int64_t>::max();
  for (int i = 0; i < 16; ++i) {
    int64_t before = ClockNs(CLOCK_MONOTONIC);
    int64_t wall = ClockNs(CLOCK_REALTIME);
    int64_t after = ClockNs(CLOCK_MONOTONIC);
    if (after - before < best_gap) {
      best_gap = after - before;
      best_offset = wall - (before + (after - before) / 2);
    }
  }
  return best_offset;
}

}  // namespace

int NumPossibleCpus() {
  static const int cpus = libbpf_num_possible_cpus();
  if (cpus <= 0) {
    throw RuntimeError(std::string("cannot count the possible CPUs: ") + std::strerror(-cpus));
  }
  return cpus;
}

int64_t WalltimeOffsetNs() {
  static const int64_t offset = MeasureWalltimeOffset();
  return offset;
}

uint64_t MonotonicNowNs() { return static_cast<uint64_t>(ClockNs(CLOCK_MONOTONIC)); }

size_t PageSize() {
  static const size_t size = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  return size;
}

}  // namespace dt::runtime
