#include "runtime/privileges.h"

#include <bpf/bpf.h>
#include <linux/capability.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "runtime/unique_fd.h"

namespace dt::runtime {
namespace {

// Effective capability set, read with capget(2) (no libcap dependency).
bool HasCapability(int capability) {
  __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
  __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3] = {};
  if (syscall(SYS_capget, &header, data) != 0) return false;
  int word = capability / 32;
  if (word >= _LINUX_CAPABILITY_U32S_3) return false;
  return (data[word].effective & (1u << (capability % 32))) != 0;
}

std::string MissingPrivileges() {
  if (geteuid() == 0 || HasCapability(CAP_SYS_ADMIN)) return {};
  std::string missing;
  if (!HasCapability(CAP_BPF)) missing += "CAP_BPF";
  if (!HasCapability(CAP_PERFMON))
    missing += std::string(missing.empty() ? "" : ", ") + "CAP_PERFMON";
  if (missing.empty()) return {};
  return "not running as root and missing " + missing;
}

}  // namespace

PrivilegeError::PrivilegeError(std::string reason)
    : dt::RuntimeError("failed to initialize dtrace: DTrace requires additional privileges (" +
                       reason + ")"),
      reason_(std::move(reason)) {}

bool RaiseMemlockLimit() {
  rlimit unlimited{RLIM_INFINITY, RLIM_INFINITY};
  if (setrlimit(RLIMIT_MEMLOCK, &unlimited) == 0) return true;
  // Without CAP_SYS_RESOURCE (common in containers) the hard limit cannot
  // move; the soft limit can still go up to it.
  rlimit current{};
  if (getrlimit(RLIMIT_MEMLOCK, &current) != 0) return false;
  current.rlim_cur = current.rlim_max;
  setrlimit(RLIMIT_MEMLOCK, &current);
  return current.rlim_max == RLIM_INFINITY;
}

void CheckBpfAvailable() {
  std::string missing = MissingPrivileges();
  if (!missing.empty()) throw PrivilegeError(missing);
  RaiseMemlockLimit();

  // The capabilities can be there while bpf(2) is not: a kernel without
  // CONFIG_BPF_SYSCALL, a seccomp filter, or lockdown. A throwaway map tells.
  UniqueFd probe(bpf_map_create(BPF_MAP_TYPE_ARRAY, "dt_probe", 4, 4, 1, nullptr));
  if (probe) return;
  int error = errno;
  if (error == ENOSYS) {
    throw PrivilegeError("the kernel has no bpf() system call (built without CONFIG_BPF_SYSCALL)");
  }
  if (error == EPERM || error == EACCES) {
    throw PrivilegeError(std::string("the bpf() system call was refused: ") + std::strerror(error) +
                         "; check kernel lockdown, seccomp and kernel.unprivileged_bpf_disabled");
  }
  throw PrivilegeError(std::string("the bpf() system call failed: ") + std::strerror(error));
}

}  // namespace dt::runtime
