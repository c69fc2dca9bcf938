// Attaching loaded programs to events.
//
// An Attachment owns every descriptor that keeps a program attached (the raw
// tracepoint link, or the perf events); destroying it (or Detach()) detaches.
// Nothing is pinned, so the kernel also detaches everything when the process
// dies, even by SIGKILL. The program fd itself may be closed once attached.
//
// Errors throw dt::RuntimeError saying which facility failed, e.g.
//   "cannot attach to raw tracepoint sys_enter: insufficient privileges
//    (need root or CAP_BPF+CAP_PERFMON)"
//   "cannot attach to tracepoint syscalls:sys_enter_nosuch: no such tracepoint"
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "runtime/unique_fd.h"

namespace dt::runtime {

class Attachment {
 public:
  Attachment() = default;
  explicit Attachment(std::vector<UniqueFd> fds) : fds_(std::move(fds)) {}
  Attachment(Attachment&&) = default;
  Attachment& operator=(Attachment&&) = default;

  // Number of kernel attachments held (e.g. one perf event per CPU).
  size_t size() const { return fds_.size(); }
  bool empty() const { return fds_.empty(); }
  void Detach() { fds_.clear(); }
  // Takes over what `other` holds (several attachments of one program).
  void Absorb(Attachment other) {
    for (UniqueFd& fd : other.fds_) fds_.push_back(std::move(fd));
    other.fds_.clear();
    for (std::string& name : other.refused_) refused_.push_back(std::move(name));
  }

  // Where one attachment covers many places (kprobes on many functions),
  // those the kernel refused to probe, left out (the run says so).
  const std::vector<std::string>& refused() const { return refused_; }
  void Refused(std::string place) { refused_.push_back(std::move(place)); }

 private:
  std::vector<UniqueFd> fds_;
  std::vector<std::string> refused_;
};

// A BPF_PROG_TYPE_RAW_TRACEPOINT program on a raw tracepoint ("sys_enter",
// "sys_exit", "sched_switch"...).
Attachment AttachRawTracepoint(int prog_fd, const std::string& tracepoint);

// A BPF_PROG_TYPE_TRACEPOINT program on events/<category>/<name> (one perf
// event; the program then fires on every CPU).
Attachment AttachTracepoint(int prog_fd, const std::string& category, const std::string& name);

// A BPF_PROG_TYPE_PERF_EVENT program on a software cpu-clock event on each
// CPU in `cpus`: profile-N uses OnlineCpus(), tick-N a single CPU.
// is_frequency: `period_or_freq` is in Hz; otherwise it is a period in ns.
Attachment AttachPerfTimer(int prog_fd, uint64_t period_or_freq, bool is_frequency,
                           const std::vector<int>& cpus);

// Online CPUs, from /sys/devices/system/cpu/online ("0-3,6").
std::vector<int> OnlineCpus();

// Parses a kernel CPU list such as "0-3,6\n". Throws RuntimeError if malformed.
std::vector<int> ParseCpuList(const std::string& text);

}  // namespace dt::runtime
