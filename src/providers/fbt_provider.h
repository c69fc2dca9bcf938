// The fbt provider (function boundary tracing): fbt:<module>:<function>:entry
// and :return for every kernel function the kernel's BTF describes and
// ftrace can trace (runtime/kernel_functions.h), module "vmlinux" for the
// core kernel. args[] are typed from the function's BTF prototype; at
// return args[0] is the offset and args[1] the return value, typed as the
// function returns it.
//
// The probes are made on demand, all at once, the first time a description
// could name one (provider "fbt" or a glob matching it, probe name entry or
// return), so a program that names no fbt probe never reads BTF for them.
//
// How a program attaches (fbt_provider.cc, FbtAttachOf): a BPF trampoline
// (fentry/fexit, one program per function) while a D program enables at
// most kMaxFentryProbes fbt probes; beyond that, or where the kernel refuses
// fentry, or for a function whose arguments a trampoline cannot carry (a
// struct passed by value, more than six), one kprobe program per side
// attached to all its functions with the multi-kprobe link.
#pragma once

#include <cstddef>
#include <vector>

#include "providers/provider.h"
#include "runtime/kernel_functions.h"

namespace dt {

const Provider& FbtProvider();

// Fentry programs are loaded (and verified) once per function and each
// attach builds a trampoline: past this many enabled fbt probes, one
// kprobe program for all of a side's functions attaches in one call.
inline constexpr size_t kMaxFentryProbes = 32;

struct FbtProbeData : ProbeData {
  runtime::KernelFunction function;
  bool is_return = false;
};

const FbtProbeData& FbtData(const Probe& probe);

enum class FbtAttach {
  kFentry,       // BPF_PROG_TYPE_TRACING, fentry or fexit, one function
  kKprobeMulti,  // BPF_PROG_TYPE_KPROBE on the multi-kprobe link
};
// How the program serving `group` (fbt probes of one side) attaches: code
// generation and the attach agree by asking this.
FbtAttach FbtAttachOf(const std::vector<const Probe*>& group);

}  // namespace dt
