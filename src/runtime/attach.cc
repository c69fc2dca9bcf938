#include "runtime/attach.h"

#include <bpf/bpf.h>
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <fstream>
#include <sstream>

#include "common/diagnostic.h"
#include "runtime/tracefs.h"

namespace dt::runtime {
namespace {

std::string ErrnoText(int error) {
  if ((error == EPERM || error == EACCES) && geteuid() != 0) {
    return "insufficient privileges (need root or CAP_BPF+CAP_PERFMON)";
  }
  // Refused even to root: the kernel (or a security module) forbids this event.
  return std::strerror(error);
}

[[noreturn]] void ThrowAttachError(const std::string& target, const std::string& detail) {
  throw RuntimeError("cannot attach to " + target + ": " + detail);
}

int PerfEventOpen(perf_event_attr* attr, int pid, int cpu) {
  return static_cast<int>(syscall(SYS_perf_event_open, attr, pid, cpu, -1, PERF_FLAG_FD_CLOEXEC));
}

// Hands a perf event to the program and starts it.
void BindProgram(int event_fd, int prog_fd, const std::string& target) {
  if (ioctl(event_fd, PERF_EVENT_IOC_SET_BPF, prog_fd) != 0) {
    int error = errno;
    ThrowAttachError(
        target, error == EINVAL ? "the program type does not fit this event" : ErrnoText(error));
  }
  if (ioctl(event_fd, PERF_EVENT_IOC_ENABLE, 0) != 0) ThrowAttachError(target, ErrnoText(errno));
}

}  // namespace

Attachment AttachRawTracepoint(int prog_fd, const std::string& tracepoint) {
  int fd = bpf_raw_tracepoint_open(tracepoint.c_str(), prog_fd);
  if (fd < 0) {
    int error = errno;
    ThrowAttachError("raw tracepoint " + tracepoint,
                     error == ENOENT ? "no such raw tracepoint" : ErrnoText(error));
  }
  std::vector<UniqueFd> fds;
  fds.emplace_back(fd);
  return Attachment(std::move(fds));
}

Attachment AttachTracepoint(int prog_fd, const std::string& category, const std::string& name) {
  std::string target = "tracepoint " + category + ":" + name;
  if (!TracepointExists(category, name)) ThrowAttachError(target, "no such tracepoint");
  perf_event_attr attr{};
  attr.type = PERF_TYPE_TRACEPOINT;
  attr.size = sizeof(attr);
  attr.config = TracepointId(category, name);
  attr.sample_period = 1;
  attr.wakeup_events = 1;
  // The program hangs off the tracepoint itself, so one event (on any CPU)
  // makes it run on every CPU.
  UniqueFd event(PerfEventOpen(&attr, -1, 0));
  if (!event) ThrowAttachError(target, "perf_event_open: " + ErrnoText(errno));
  BindProgram(event.get(), prog_fd, target);
  std::vector<UniqueFd> fds;
  fds.push_back(std::move(event));
  return Attachment(std::move(fds));
}

Attachment AttachPerfTimer(int prog_fd, uint64_t period_or_freq, bool is_frequency,
                           const std::vector<int>& cpus) {
  std::string target = "cpu-clock timer";
  if (period_or_freq == 0) ThrowAttachError(target, "the period must not be zero");
  perf_event_attr attr{};
  attr.type = PERF_TYPE_SOFTWARE;
  attr.size = sizeof(attr);
  attr.config = PERF_COUNT_SW_CPU_CLOCK;
  attr.freq = is_frequency ? 1 : 0;
  if (is_frequency) {
    attr.sample_freq = period_or_freq;
  } else {
    attr.sample_period = period_or_freq;  // cpu-clock counts nanoseconds
  }
  std::vector<UniqueFd> fds;
  for (int cpu : cpus) {
    std::string cpu_target = target + " on CPU " + std::to_string(cpu);
    UniqueFd event(PerfEventOpen(&attr, -1, cpu));
    if (!event) {
      int error = errno;
      ThrowAttachError(cpu_target, "perf_event_open: " + (error == ENODEV || error == ENXIO
                                                              ? std::string("CPU is offline")
                                                              : ErrnoText(error)));
    }
    BindProgram(event.get(), prog_fd, cpu_target);
    fds.push_back(std::move(event));
  }
  return Attachment(std::move(fds));
}

std::vector<int> ParseCpuList(const std::string& text) {
  std::vector<int> cpus;
  std::string_view rest(text);
  while (!rest.empty() && (rest.back() == '\n' || rest.back() == ' ')) rest.remove_suffix(1);
  auto malformed = [&text]() { return RuntimeError("malformed CPU list '" + text + "'"); };
  while (!rest.empty()) {
    size_t comma = rest.find(',');
    std::string_view range = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    int first = 0, last = 0;
    const char* end = range.data() + range.size();
    auto [after_first, ec1] = std::from_chars(range.data(), end, first);
    if (ec1 != std::errc() || first < 0) throw malformed();
    last = first;
    if (after_first != end) {
      if (*after_first != '-') throw malformed();
      auto [after_last, ec2] = std::from_chars(after_first + 1, end, last);
      if (ec2 != std::errc() || after_last != end || last < first) throw malformed();
    }
    for (int cpu = first; cpu <= last; ++cpu) cpus.push_back(cpu);
  }
  return cpus;
}

std::vector<int> OnlineCpus() {
  std::ifstream in("/sys/devices/system/cpu/online");
  std::stringstream text;
  text << in.rdbuf();
  if (!in) throw RuntimeError("cannot read /sys/devices/system/cpu/online");
  return ParseCpuList(text.str());
}

}  // namespace dt::runtime
