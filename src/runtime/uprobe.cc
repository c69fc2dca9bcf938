#include "runtime/uprobe.h"

#include <bpf/bpf.h>
#include <linux/perf_event.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>

#include "common/diagnostic.h"

namespace dt::runtime {
namespace {

// BPF_LINK_CREATE's attributes for the multi-uprobe link (Linux 6.6), laid
// out as the kernel's union bpf_attr has them; our headers predate it.
struct UprobeMultiLinkAttr {
  uint32_t prog_fd;
  uint32_t target_fd;
  uint32_t attach_type;
  uint32_t link_flags;
  uint64_t path;
  uint64_t offsets;
  uint64_t ref_ctr_offsets;
  uint64_t cookies;
  uint32_t cnt;
  uint32_t flags;  // kUprobeMultiReturn
  uint32_t pid;
  uint32_t pad;
};
constexpr uint32_t kUprobeMultiReturn = 1;

// ref_ctr_offsets: empty when no site has a reference counter.
int CreateUprobeMultiLink(int prog_fd, const char* path, const std::vector<uint64_t>& offsets,
                          const std::vector<uint64_t>& cookies,
                          const std::vector<uint64_t>& ref_ctr_offsets, bool is_return, pid_t pid) {
  UprobeMultiLinkAttr attr{};
  attr.prog_fd = static_cast<uint32_t>(prog_fd);
  attr.attach_type = kUprobeMultiAttachType;
  attr.path = reinterpret_cast<uint64_t>(path);
  attr.offsets = reinterpret_cast<uint64_t>(offsets.data());
  attr.cookies = reinterpret_cast<uint64_t>(cookies.data());
  if (!ref_ctr_offsets.empty())
    attr.ref_ctr_offsets = reinterpret_cast<uint64_t>(ref_ctr_offsets.data());
  attr.cnt = static_cast<uint32_t>(offsets.size());
  attr.flags = is_return ? kUprobeMultiReturn : 0;
  attr.pid = static_cast<uint32_t>(pid > 0 ? pid : 0);  // 0: every process
  return static_cast<int>(syscall(SYS_bpf, BPF_LINK_CREATE, &attr, sizeof(attr)));
}

// A kprobe-type program that does nothing, loaded for the multi link.
int LoadProbeProgram() {
  const bpf_insn insns[] = {
      {BPF_ALU64 | BPF_MOV | BPF_K, 0, 0, 0, 0},
      {BPF_JMP | BPF_EXIT, 0, 0, 0, 0},
  };
  LIBBPF_OPTS(bpf_prog_load_opts, opts);
  opts.expected_attach_type = static_cast<bpf_attach_type>(kUprobeMultiAttachType);
  return bpf_prog_load(BPF_PROG_TYPE_KPROBE, "dtrace_probe", "GPL", insns, 2, &opts);
}

uint32_t ReadSysfsNumber(const char* path, const char* prefix) {
  std::ifstream in(path);
  std::string text;
  if (!(in >> text) || text.rfind(prefix, 0) != 0) return UINT32_MAX;
  try {
    return static_cast<uint32_t>(std::stoul(text.substr(strlen(prefix))));
  } catch (const std::exception&) {
    return UINT32_MAX;
  }
}

constexpr int kKernelNotSupported = 524;  // ENOTSUPP, the kernel's own errno

std::string ErrorText(int error) {
  if ((error == EPERM || error == EACCES) && geteuid() != 0)
    return "insufficient privileges (need root or CAP_BPF+CAP_PERFMON)";
  if (error == kKernelNotSupported) return "uprobes cannot probe the instruction there";
  return std::strerror(error);
}

// Errors that concern one site, not the file or the program.
bool IsSiteError(int error) {
  return error == kKernelNotSupported || error == EINVAL || error == EEXIST;
}

[[noreturn]] void ThrowUprobeError(const std::string& path, const std::string& detail) {
  throw RuntimeError("cannot attach uprobes to " + path + ": " + detail);
}

// Two descriptors per site (the event and its link) for all of libc is
// several thousand, past the usual soft limit of 1024: raise it to the hard
// limit when they would not fit (best effort; EMFILE says the rest).
void RaiseOpenFileLimit(size_t more) {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return;
  constexpr size_t kHeadroom = 256;  // maps, programs, the ring, stdio
  if (limit.rlim_cur >= more + kHeadroom) return;
  limit.rlim_cur = limit.rlim_max;
  setrlimit(RLIMIT_NOFILE, &limit);
}

Attachment AttachOneByOne(int prog_fd, const std::string& path,
                          const std::vector<UprobeSite>& sites, bool is_return, pid_t pid,
                          std::vector<UprobeFailure>* failures) {
  static const uint32_t pmu_type = ReadSysfsNumber("/sys/bus/event_source/devices/uprobe/type", "");
  static const uint32_t retprobe_bit =
      ReadSysfsNumber("/sys/bus/event_source/devices/uprobe/format/retprobe", "config:");
  // "config:32-63": where the reference counter's offset goes (Linux 4.20).
  static const uint32_t ref_ctr_shift =
      ReadSysfsNumber("/sys/bus/event_source/devices/uprobe/format/ref_ctr_offset", "config:");
  if (pmu_type == UINT32_MAX || (is_return && retprobe_bit > 63))
    ThrowUprobeError(path, "this kernel has no uprobe events");
  bool counters = false;
  for (const UprobeSite& site : sites) counters |= site.ref_ctr_offset != 0;
  if (counters && ref_ctr_shift != 32)
    ThrowUprobeError(path, "this kernel's uprobes have no reference counters (semaphores)");
  RaiseOpenFileLimit(2 * sites.size());
  std::vector<UniqueFd> fds;
  for (const UprobeSite& site : sites) {
    perf_event_attr attr{};
    attr.size = sizeof(attr);
    attr.type = pmu_type;
    attr.config = is_return ? (1ull << retprobe_bit) : 0;
    attr.config |= site.ref_ctr_offset << 32;
    attr.config1 = reinterpret_cast<uint64_t>(path.c_str());  // uprobe_path
    attr.config2 = site.offset;                               // probe_offset
    int event =
        // Every process (pid -1) takes a CPU; a uprobe event fires on all.
        static_cast<int>(syscall(SYS_perf_event_open, &attr, pid > 0 ? pid : -1, pid > 0 ? -1 : 0,
                                 -1, PERF_FLAG_FD_CLOEXEC));
    if (event < 0 && IsSiteError(errno)) {
      failures->push_back({static_cast<size_t>(&site - sites.data()), ErrorText(errno)});
      continue;
    }
    if (event < 0) ThrowUprobeError(path, ErrorText(errno));
    fds.emplace_back(event);
    LIBBPF_OPTS(bpf_link_create_opts, opts);
    opts.perf_event.bpf_cookie = site.cookie;
    int link = bpf_link_create(prog_fd, event, BPF_PERF_EVENT, &opts);
    if (link < 0) ThrowUprobeError(path, ErrorText(errno));
    fds.emplace_back(link);
  }
  return Attachment(std::move(fds));
}

// One link for sites [begin, end); when the kernel refuses a site, each
// half is tried again, so the link count grows only with the refusals.
void AttachRange(int prog_fd, const std::string& path, const std::vector<UprobeSite>& sites,
                 size_t begin, size_t end, bool is_return, pid_t pid, std::vector<UniqueFd>* fds,
                 std::vector<UprobeFailure>* failures) {
  std::vector<uint64_t> o, c, r;
  bool counters = false;
  for (size_t i = begin; i < end; ++i) {
    o.push_back(sites[i].offset);
    c.push_back(sites[i].cookie);
    r.push_back(sites[i].ref_ctr_offset);
    counters |= sites[i].ref_ctr_offset != 0;
  }
  if (!counters) r.clear();
  int link = CreateUprobeMultiLink(prog_fd, path.c_str(), o, c, r, is_return, pid);
  if (link >= 0) {
    fds->emplace_back(link);
    return;
  }
  int error = errno;
  if (!IsSiteError(error)) ThrowUprobeError(path, ErrorText(error));
  if (end - begin == 1) {
    failures->push_back({begin, ErrorText(error)});
    return;
  }
  size_t mid = begin + (end - begin) / 2;
  AttachRange(prog_fd, path, sites, begin, mid, is_return, pid, fds, failures);
  AttachRange(prog_fd, path, sites, mid, end, is_return, pid, fds, failures);
}

}  // namespace

bool HasUprobeMulti() {
  static const bool has = [] {
    UniqueFd prog(LoadProbeProgram());
    if (prog.get() < 0) return false;
    // A directory is not a file to probe: a kernel with the link says so
    // (EBADF) after accepting the attach type; others refuse the type.
    std::vector<uint64_t> offsets = {0}, cookies = {0};
    int link = CreateUprobeMultiLink(prog.get(), "/", offsets, cookies, {}, false, 0);
    int error = errno;
    if (link >= 0) {
      close(link);
      return true;
    }
    return error == EBADF;
  }();
  return has;
}

bool HasOptimizedUprobes() {
  static const bool has = [] {
  // x86-64's uprobe system call (Linux 6.18) is only for the kernel's own
  // trampoline: called from anywhere else it fails with ENXIO; a kernel
  // without it says ENOSYS.
#if defined(__x86_64__)
    constexpr long kUprobeSyscall = 336;
    return syscall(kUprobeSyscall) == -1 && errno == ENXIO;
#else
    return false;
#endif
  }();
  return has;
}

Attachment AttachUprobes(int prog_fd, const std::string& path, const std::vector<UprobeSite>& sites,
                         bool is_return, pid_t pid, bool multi,
                         std::vector<UprobeFailure>* failures) {
  if (!multi) return AttachOneByOne(prog_fd, path, sites, is_return, pid, failures);
  std::vector<UniqueFd> fds;
  AttachRange(prog_fd, path, sites, 0, sites.size(), is_return, pid, &fds, failures);
  return Attachment(std::move(fds));
}

}  // namespace dt::runtime
