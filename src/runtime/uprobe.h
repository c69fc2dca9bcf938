// Attaching a loaded BPF_PROG_TYPE_KPROBE program to user-space functions
// (uprobes and uretprobes), for the pid and usdt providers.
//
// Contract:
//  * A probe site is a file and an offset in it (not a virtual address:
//    the kernel puts the breakpoint into every mapping of that file page),
//    with a cookie the program reads with bpf_get_attach_cookie().
//  * Only process `pid` fires the program: the kernel filters by the
//    process's memory, and the program tests the pid as well.
//  * Where the kernel has the multi-uprobe link (Linux 6.6), all sites of
//    one file are attached in one call; the program must then have been
//    loaded with expected_attach_type kUprobeMultiAttachType. Elsewhere
//    each site is its own perf uprobe event with a BPF link.
//  * A site may name a reference counter (USDT semaphores): the kernel
//    increments the 2-byte counter at that file offset in the process
//    while the uprobe is attached, so the probe's is-enabled test passes.
//  * Errors throw dt::RuntimeError naming the file and what failed.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

#include "runtime/attach.h"

namespace dt::runtime {

// BPF_TRACE_UPROBE_MULTI: newer than the kernel headers we build against.
inline constexpr uint32_t kUprobeMultiAttachType = 48;

struct UprobeSite {
  uint64_t offset = 0;  // file offset of the instruction
  uint64_t cookie = 0;
  uint64_t ref_ctr_offset = 0;  // file offset of the site's semaphore; 0 for none
};

// Whether this kernel attaches many uprobes with one link (tested once).
bool HasUprobeMulti();

// Whether this kernel turns a uprobe on a 5-byte nop into a call to its
// uprobe trampoline after the first hit (x86-64, Linux 6.18), which costs
// less than the breakpoint trap every other uprobe takes.
bool HasOptimizedUprobes();

// A site the kernel refused (an instruction uprobes cannot single-step).
struct UprobeFailure {
  size_t site = 0;  // index into the sites given
  std::string reason;
};

// Attaches prog_fd at every site of `path` for process `pid` (for every
// process that maps the file, now or later, when pid <= 0); `multi`: the
// program was loaded for the multi-uprobe link (HasUprobeMulti()). Sites
// the kernel refuses are left out and listed in *failures; the others stay
// attached. Throws when the file cannot be probed at all.
Attachment AttachUprobes(int prog_fd, const std::string& path, const std::vector<UprobeSite>& sites,
                         bool is_return, pid_t pid, bool multi,
                         std::vector<UprobeFailure>* failures);

}  // namespace dt::runtime
