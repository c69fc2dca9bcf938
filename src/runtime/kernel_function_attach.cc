#include "runtime/kernel_function_attach.h"

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <linux/perf_event.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>

#include "common/diagnostic.h"
#include "runtime/ftrace_sites.h"
#include "runtime/kallsyms.h"
#include "runtime/kernel_btf.h"

namespace dt::runtime {

namespace {

// r0 = 0; exit
const bpf_insn kReturnZero[] = {
    {.code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0, .src_reg = 0, .off = 0, .imm = 0},
    {.code = BPF_JMP | BPF_EXIT, .dst_reg = 0, .src_reg = 0, .off = 0, .imm = 0},
};

// The errno as its name, which is what people search for; strerror's text
// when it is not one of those a BPF load or attach gives.
std::string ErrnoName(int error) {
  switch (error) {
    case EPERM:
      return "EPERM";
    case EACCES:
      return "EACCES";
    case EINVAL:
      return "EINVAL";
    case ENOENT:
      return "ENOENT";
    case ESRCH:
      return "ESRCH";
    case EOPNOTSUPP:
      return "EOPNOTSUPP";
    case 524:  // the kernel's ENOTSUPP
      return "ENOTSUPP";
    case E2BIG:
      return "E2BIG";
    case EBUSY:
      return "EBUSY";
    default:
      return std::strerror(error);
  }
}

int LoadTrivial(bpf_prog_type type, bpf_attach_type attach, uint32_t btf_id) {
  LIBBPF_OPTS(bpf_prog_load_opts, opts);
  opts.expected_attach_type = attach;
  opts.attach_btf_id = btf_id;
  return bpf_prog_load(type, "dtrace_probe", "GPL", kReturnZero, 2, &opts);
}

// fentry on vmlinux's `function`: load, attach, detach.
std::string TryFentry(const std::string& function) {
  uint32_t id = 0;
  try {
    id = KernelBtf::Kernel().Function(function).id;
  } catch (const RuntimeError& e) {
    return std::string("fentry needs the kernel's BTF: ") + e.what();
  }
  int prog = LoadTrivial(BPF_PROG_TYPE_TRACING, BPF_TRACE_FENTRY, id);
  if (prog < 0) return "fentry programs are refused by this kernel (" + ErrnoName(errno) + ")";
  int link = bpf_raw_tracepoint_open(nullptr, prog);
  int error = errno;
  close(prog);
  if (link < 0) return "fentry attach is refused by this kernel (" + ErrnoName(error) + ")";
  close(link);
  return "";
}

bool HaveKprobePmu() { return access("/sys/bus/event_source/devices/kprobe/type", R_OK) == 0; }

std::string TryKprobeMulti(const std::string& function) {
  int prog = LoadTrivial(BPF_PROG_TYPE_KPROBE, BPF_TRACE_KPROBE_MULTI, 0);
  if (prog < 0)
    return HaveKprobePmu() ? "this kernel has no multi-kprobe link (" + ErrnoName(errno) +
                                 "; Linux 5.18 added it)"
                           : "kprobes are not built in (CONFIG_KPROBES)";
  const char* syms[] = {function.c_str()};
  LIBBPF_OPTS(bpf_link_create_opts, opts);
  opts.kprobe_multi.syms = syms;
  opts.kprobe_multi.cnt = 1;
  int link = bpf_link_create(prog, 0, BPF_TRACE_KPROBE_MULTI, &opts);
  int error = errno;
  close(prog);
  if (link >= 0) {
    close(link);
    return "";
  }
  if (!HaveKprobePmu()) return "kprobes are not built in (CONFIG_KPROBES)";
  return "the multi-kprobe link is refused by this kernel (" + ErrnoName(error) + ")";
}

}  // namespace

std::string KernelFunctionTracing::Refusal() const {
  if (any()) return "";
  return fentry_refusal + " and " + kprobe_refusal;
}

const KernelFunctionTracing& KernelFunctionSupport(const std::string& probe_function) {
  static std::once_flag once;
  static KernelFunctionTracing support;
  std::call_once(once, [&] {
    support.fentry_refusal = TryFentry(probe_function);
    support.fentry = support.fentry_refusal.empty();
    std::string multi_refusal = TryKprobeMulti(probe_function);
    support.kprobe_multi = multi_refusal.empty();
    support.kprobe = HaveKprobePmu();
    if (!support.any_kprobe()) support.kprobe_refusal = multi_refusal;
  });
  return support;
}

int KernelBtfObjectFd(const std::string& module) {
  if (module.empty() || module == "vmlinux") return 0;
  static std::mutex mutex;
  static std::map<std::string, int> fds;
  std::lock_guard lock(mutex);
  if (auto it = fds.find(module); it != fds.end()) return it->second;
  uint32_t id = 0;
  while (bpf_btf_get_next_id(id, &id) == 0) {
    int fd = bpf_btf_get_fd_by_id(id);
    if (fd < 0) continue;
    char name[64] = {};
    bpf_btf_info info{};
    info.name = reinterpret_cast<uint64_t>(name);
    info.name_len = sizeof(name);
    uint32_t len = sizeof(info);
    if (bpf_obj_get_info_by_fd(fd, &info, &len) == 0 && info.kernel_btf && module == name) {
      fds[module] = fd;
      return fd;
    }
    close(fd);
  }
  throw RuntimeError("no BTF object is loaded for module " + module);
}

Attachment AttachFentry(int prog_fd, const std::string& function) {
  int link = bpf_raw_tracepoint_open(nullptr, prog_fd);
  if (link < 0)
    throw RuntimeError("cannot attach to kernel function " + function + ": " + ErrnoName(errno));
  std::vector<UniqueFd> fds;
  fds.emplace_back(link);
  return Attachment(std::move(fds));
}

namespace {

// Of several functions, one the kernel refuses is left out (and named) as
// long as another remains; a single function, or the last, is an error.
bool MayLeaveOut(size_t functions, size_t already_left_out) {
  return functions > 1 && already_left_out + 1 < functions;
}

}  // namespace

Attachment AttachKprobeMulti(int prog_fd, const std::vector<std::string>& functions,
                             const std::vector<std::string>& modules,
                             const std::vector<uint64_t>& cookies, bool at_return) {
  const KernelSymbols& symbols = KernelSymbols::Kernel();
  std::vector<unsigned long> addresses;
  std::vector<__u64> kept_cookies;
  addresses.reserve(functions.size());
  std::vector<std::string> refused;
  for (size_t i = 0; i < functions.size(); ++i) {
    // Static functions of different files may share a name: one probe
    // fires at each of them that ftrace can attach to.
    std::vector<uint64_t> at = symbols.TextAddressesOf(functions[i], modules[i]);
    if (at.empty()) {
      std::optional<KernelSymbolDef> def = symbols.Lookup(functions[i], modules[i]);
      if (def && def->address != 0) at.push_back(def->address);
    }
    if (at.empty() || at.front() == 0)
      throw RuntimeError("cannot attach to kernel function " + functions[i] +
                         ": not in /proc/kallsyms");
    size_t before = addresses.size();
    for (uint64_t address : at) {
      // A name with one function is traceable: the list of functions comes
      // from ftrace's names. Only shared names need the (long) list of sites.
      if (at.size() > 1 && !FtraceSites::Kernel().Traceable(address)) continue;
      addresses.push_back(address);
      kept_cookies.push_back(cookies[i]);
    }
    if (addresses.size() > before) continue;
    if (!MayLeaveOut(functions.size(), refused.size()))
      throw RuntimeError("cannot attach to kernel function " + functions[i] +
                         ": ftrace cannot trace it");
    refused.push_back(functions[i]);
  }
  LIBBPF_OPTS(bpf_link_create_opts, opts);
  opts.kprobe_multi.addrs = addresses.data();
  opts.kprobe_multi.cookies = kept_cookies.data();
  opts.kprobe_multi.cnt = static_cast<uint32_t>(addresses.size());
  opts.kprobe_multi.flags = at_return ? BPF_F_KPROBE_MULTI_RETURN : 0;
  int link = bpf_link_create(prog_fd, 0, BPF_TRACE_KPROBE_MULTI, &opts);
  if (link < 0) {
    int error = errno;
    std::string what = functions.size() == 1
                           ? "kernel function " + functions.front()
                           : std::to_string(functions.size()) + " kernel functions";
    throw RuntimeError("cannot attach to " + what + " (multi-kprobe link): " + ErrnoName(error));
  }
  std::vector<UniqueFd> fds;
  fds.emplace_back(link);
  Attachment attached(std::move(fds));
  for (std::string& name : refused) attached.Refused(std::move(name));
  return attached;
}

namespace {

int KprobePmuType() {
  std::ifstream in("/sys/bus/event_source/devices/kprobe/type");
  int type = -1;
  in >> type;
  return in ? type : -1;
}

// The config bit that makes a kprobe PMU event a kretprobe ("config:0").
int RetprobeBit() {
  std::ifstream in("/sys/bus/event_source/devices/kprobe/format/retprobe");
  std::string text;
  in >> text;
  if (text.rfind("config:", 0) != 0) return 0;
  return std::atoi(text.c_str() + 7);
}

// Room for `more` descriptors: root may raise the hard limit up to
// fs.nr_open.
void RaiseFileLimit(size_t more) {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return;
  rlim_t want = limit.rlim_cur + more + 64;
  if (want <= limit.rlim_cur) return;
  std::ifstream in("/proc/sys/fs/nr_open");
  rlim_t nr_open = 0;
  in >> nr_open;
  if (nr_open > 0 && want > nr_open) want = nr_open;
  rlimit raised{want, std::max(want, limit.rlim_max)};
  if (setrlimit(RLIMIT_NOFILE, &raised) != 0 && want <= limit.rlim_max) {
    raised.rlim_max = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &raised);
  }
}

// One perf kprobe event, on the function `name`, or at `address` when
// name is empty; -1 with errno set when the kernel refuses it.
int OpenKprobeEvent(int pmu_type, int retprobe_bit, bool at_return, const std::string& name,
                    uint64_t address) {
  perf_event_attr attr{};
  attr.size = sizeof(attr);
  attr.type = static_cast<uint32_t>(pmu_type);
  attr.config = at_return ? (uint64_t{1} << retprobe_bit) : 0;
  attr.config1 = name.empty() ? 0 : reinterpret_cast<uint64_t>(name.c_str());  // kprobe_func
  attr.config2 = name.empty() ? address : 0;  // kprobe_addr, or the offset into kprobe_func
  attr.sample_period = 1;
  attr.wakeup_events = 1;
  return static_cast<int>(syscall(SYS_perf_event_open, &attr, -1, 0, -1, PERF_FLAG_FD_CLOEXEC));
}

}  // namespace

Attachment AttachKprobes(int prog_fd, const std::vector<std::string>& functions,
                         const std::vector<std::string>& modules,
                         const std::vector<uint64_t>& cookies, bool at_return) {
  int type = KprobePmuType();
  if (type < 0) throw RuntimeError("cannot attach kprobes: no kprobe PMU (CONFIG_KPROBES)");
  int retprobe_bit = RetprobeBit();
  RaiseFileLimit(2 * functions.size());  // room for names several functions share
  std::vector<UniqueFd> fds;
  std::vector<std::string> refused;
  fds.reserve(functions.size());
  for (size_t i = 0; i < functions.size(); ++i) {
    std::vector<UniqueFd> events;
    int event = OpenKprobeEvent(type, retprobe_bit, at_return, functions[i], 0);
    int error = event < 0 ? errno : 0;
    if (event >= 0) {
      events.emplace_back(event);
    } else if (error == EADDRNOTAVAIL) {
      // The kernel will not choose among static functions that share a
      // name (since 6.7, and in 6.1's stable updates): each is probed at its
      // own address, as one probe.
      for (uint64_t address : KernelSymbols::Kernel().TextAddressesOf(functions[i], modules[i])) {
        int at = OpenKprobeEvent(type, retprobe_bit, at_return, "", address);
        if (at >= 0) events.emplace_back(at);
      }
    }
    if (events.empty()) {
      // The kprobe blacklist (EINVAL), no such function any more (ENOENT),
      // an address kprobes will not use (EADDRNOTAVAIL), not an
      // instruction boundary (EILSEQ).
      bool unprobeable =
          error == EINVAL || error == ENOENT || error == EADDRNOTAVAIL || error == EILSEQ;
      if (unprobeable && MayLeaveOut(functions.size(), refused.size())) {
        refused.push_back(functions[i]);
        continue;
      }
      throw RuntimeError("cannot attach to kernel function " + functions[i] +
                         " (kprobe): " + ErrnoName(error));
    }
    for (UniqueFd& opened : events) {
      LIBBPF_OPTS(bpf_link_create_opts, opts);
      opts.perf_event.bpf_cookie = cookies[i];
      int link = bpf_link_create(prog_fd, opened.get(), BPF_PERF_EVENT, &opts);
      if (link < 0)
        throw RuntimeError("cannot attach to kernel function " + functions[i] +
                           " (kprobe): " + ErrnoName(errno));
      // The link holds the event: one descriptor per kprobe.
      fds.emplace_back(link);
    }
  }
  Attachment attached(std::move(fds));
  for (std::string& name : refused) attached.Refused(std::move(name));
  return attached;
}

}  // namespace dt::runtime
