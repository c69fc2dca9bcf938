// Where a backquoted kernel variable (`pid_max, vmlinux`jiffies,
// ext4`some_variable) is in the running kernel's memory: the policy sema's
// kernel_symbol_address asks.
//
// In order:
//  1. /proc/kallsyms, by name (and module, when one is given): a symbol
//     listed at a kernel address is the answer. Data symbols are listed only
//     on kernels built with CONFIG_KALLSYMS_ALL.
//  2. Otherwise, for a vmlinux variable, System.map (Debian installs
//     /boot/System.map-<release> with every symbol): its link-time address
//     moved by how far the running kernel's _stext (from kallsyms) is from
//     the map's (KASLR).
//
// Refused (no address): a symbol kallsyms lists below the kernel's address
// range (per-CPU variables, listed with their offset in the per-CPU area),
// unless System.map has it; a module's variable kallsyms does not list
// (System.map describes vmlinux only); anything when kallsyms has no _stext
// to relocate System.map by. Sema then reports D_SYM_NOTYPES "failed to
// resolve `name: Unknown symbol name: neither /proc/kallsyms (which lists
// data symbols only with CONFIG_KALLSYMS_ALL) nor /boot/System.map has its
// address".
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "runtime/kallsyms.h"

namespace dt::runtime {

// The lowest address of the kernel's half of the address space: kallsyms
// lists per-CPU variables with offsets below it.
inline constexpr uint64_t kKernelAddressSpaceStart = 0xffff000000000000ull;

// module: "" for vmlinux (or any module); system_map_path: the map to fall
// back on (a missing file is no fallback).
std::optional<uint64_t> KernelVariableAddress(const std::string& module, const std::string& name,
                                              const KernelSymbols& kallsyms,
                                              const std::string& system_map_path);

// The running kernel's: /proc/kallsyms (read on first use), then
// /boot/System.map-<release>.
std::optional<uint64_t> RunningKernelVariableAddress(const std::string& module,
                                                     const std::string& name);

}  // namespace dt::runtime
