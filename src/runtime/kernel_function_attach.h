// Attaching programs to kernel functions (the fbt provider), by the two
// ways the kernel offers:
//
// - fentry/fexit (BPF trampolines, BPF_PROG_TYPE_TRACING): the program is
//   loaded for one function (attach_btf_id, and the module's BTF object for
//   a module function) and attached to it alone; its context is the u64
//   array of the function's arguments (fexit: then the return value).
// - kprobes/kretprobes through the multi-kprobe link (BPF_TRACE_KPROBE_MULTI,
//   Linux 5.18): one BPF_PROG_TYPE_KPROBE program attached to any number of
//   functions in one call, each with a cookie; its context is the
//   registers (struct pt_regs).
//
// What this kernel allows is asked of the kernel once per process, by
// trying it (KernelFunctionTracing()), never guessed from its version.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "runtime/attach.h"

namespace dt::runtime {

struct KernelFunctionTracing {
  bool fentry = false;
  std::string fentry_refusal;  // why not, e.g. "fentry programs are refused ... (EPERM)"
  bool kprobe_multi = false;
  // Single kprobes through the perf kprobe PMU (one perf event and BPF link
  // per function): where the multi-kprobe link is missing (Debian's 6.1 is
  // built without CONFIG_FPROBE, which the link needs).
  bool kprobe = false;
  std::string kprobe_refusal;  // why neither kind of kprobe
  bool any_kprobe() const { return kprobe_multi || kprobe; }
  // Whether anything at all can attach to a kernel function; if not, the
  // reason naming both facilities.
  bool any() const { return fentry || any_kprobe(); }
  std::string Refusal() const;
};

// Tries both facilities on vmlinux's `probe_function` (a function with BTF
// that ftrace can trace) the first time; later calls return the same
// answer whatever function they name.
const KernelFunctionTracing& KernelFunctionSupport(const std::string& probe_function);

// The fd of a module's BTF object (attach_btf_obj_fd for a function in it),
// opened once and kept; 0 for vmlinux. Throws RuntimeError if the module
// has no BTF object loaded.
int KernelBtfObjectFd(const std::string& module);

// An fentry/fexit program, loaded for its function, attached there.
Attachment AttachFentry(int prog_fd, const std::string& function);

// A kprobe program (loaded with BPF_TRACE_KPROBE_MULTI) on each function,
// as kretprobes if `at_return`; functions[i] gets cookies[i]. Addresses
// come from /proc/kallsyms (module functions too; every function of a
// name several static ones share), less those ftrace cannot attach to
// (FtraceSites): of several functions, one left with none is left out and
// named in refused(). Throws RuntimeError naming the first function the
// kernel does not know, or when nothing is left.
Attachment AttachKprobeMulti(int prog_fd, const std::vector<std::string>& functions,
                             const std::vector<std::string>& modules,
                             const std::vector<uint64_t>& cookies, bool at_return);

// The same with one perf kprobe event and BPF link per function (the
// program is loaded as a plain kprobe program), each with its cookie;
// raises the open-file limit as far as the kernel lets root when the
// functions need more descriptors than it allows. Of several functions,
// those the kernel will not put a kprobe on (its kprobe blacklist, an
// address it will not probe, a function gone) are left out and named in
// refused(); it throws when that leaves none, or for any other failure.
// A name several static functions of the module share is probed at each.
Attachment AttachKprobes(int prog_fd, const std::vector<std::string>& functions,
                         const std::vector<std::string>& modules,
                         const std::vector<uint64_t>& cookies, bool at_return);

}  // namespace dt::runtime
