// Offsets of the few kernel struct members the code generator reads
// directly (`ppid` needs task_struct's parent and thread-group id,
// `vtimestamp` the task's accumulated CPU time), found in the running
// kernel's BTF so they are right on every kernel version.
// Loaded only when a program needs them: parsing vmlinux BTF costs ~10 ms.
#pragma once

#include <cstdint>

namespace dt::runtime {

struct TaskOffsets {
  uint32_t real_parent = 0;       // struct task_struct *
  uint32_t tgid = 0;              // pid_t
  uint32_t sum_exec_runtime = 0;  // u64 se.sum_exec_runtime: ns on CPU
  uint32_t pid = 0;               // pid_t: the thread id
  uint32_t comm = 0;              // char[16]
};

// Throws RuntimeError when BTF is missing or lacks the members.
TaskOffsets LoadTaskOffsets();

}  // namespace dt::runtime
