// Preflight: can this process use BPF at all?
//
// Run once before compiling enablings into the kernel, so the user sees
// DTrace's own wording instead of a raw errno from a later step.
#pragma once

#include <string>

#include "common/diagnostic.h"

namespace dt::runtime {

// what() is DTrace's message followed by the Linux reason in parentheses:
//   "failed to initialize dtrace: DTrace requires additional privileges
//    (not running as root and missing CAP_BPF, CAP_PERFMON)"
// (printed by the driver as "dtrace: " + what()). reason() is the part in
// parentheses alone.
class PrivilegeError : public dt::RuntimeError {
 public:
  explicit PrivilegeError(std::string reason);
  const std::string& reason() const { return reason_; }

 private:
  std::string reason_;
};

// Throws PrivilegeError when not root and lacking CAP_BPF (or CAP_SYS_ADMIN)
// and CAP_PERFMON, or when the bpf(2) syscall is unavailable (ENOSYS, or
// disabled for unprivileged users). Also raises RLIMIT_MEMLOCK to infinity,
// best effort (kernels before 5.11 charge BPF memory to it).
void CheckBpfAvailable();

// The RLIMIT_MEMLOCK part alone: to infinity, or else the soft limit to the
// hard limit. Returns whether the limit is now infinite. (Since Linux 5.11
// BPF memory is charged to the memory cgroup and this limit no longer matters.)
bool RaiseMemlockLimit();

}  // namespace dt::runtime
