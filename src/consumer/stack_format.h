// Kernel addresses as dtrace(1) prints them: stack() frames, sym()/func(),
// mod(), printf %a and %k, and stacks as aggregation keys.
//
// Symbols come through KernelSymbolLookup so that this stage needs no symbol
// table (the CLI adapts runtime::KernelSymbols::Resolve to it; tests use a
// fake). Text forms, as libdtrace builds them:
//   address (stack frame, %a):   "mod`sym+0x1f", "mod`sym" when the offset is
//                                0, "mod`0xffffffffc0001234" when only the
//                                module is known, else "0xffffffffc0001234"
//   symbol (sym(), func()):      the same without "+0x.."
//   module (mod()):              "mod", else "0x..."
// The core kernel's module is "vmlinux".
//
// A stack record is what the BPF side stores for stack(n): n u64 PCs, the
// innermost first, zero-filled after the last frame (bpf_get_stack() zeroes
// the unused tail). Printing stops at the first zero PC, as DTrace does.
//
// Layouts:
//  * stack() in trace output and as an aggregation key: "\n", then one line
//    per frame: `indent` spaces (option stackindent, default 14), the
//    address text, "\n". In default (non -q) output the probe line ends
//    with this "\n" and the record's end adds another, which gives the blank
//    line after each stack. As the only key of an aggregation, each entry is
//    "\n" + frames + " %16lld" value + "\n", so entries are separated by a
//    blank line.
//  * printf/printa %k: the same "\n" and frames, but the indent is the field
//    width when the conversion is left-justified ("%-20k"; a negative '*'
//    width counts as left) and 0 otherwise, and each frame goes through the
//    conversion's own "%<flags><width>s".
//  * sym()/func()/mod() records in trace output and as aggregation keys:
//    "  %-50s" of the text above.
//  * Aggregation keys of sym()/func() merge per symbol and mod() keys per
//    module: before entries are merged and sorted, replace the recorded PC
//    by CanonicalSymbolKey()/CanonicalModuleKey().
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "consumer/kernel_symbol_lookup.h"
#include "consumer/printf_format.h"
#include "consumer/value.h"

namespace dt {

// The lookup that names v's addresses: the kernel's, or for a user-space
// value its process's (a null function when there is none).
KernelSymbolLookup LookupFor(const Value& v, const KernelSymbolLookup& kernel,
                             const UserSymbolLookup& user);

// "mod`sym+0x1f" / "mod`sym" / "mod`0x..." / "0x...". A null lookup knows
// nothing.
std::string FormatKernelAddress(uint64_t addr, const KernelSymbolLookup& lookup);
// "mod`sym" / "mod`0x..." / "0x...".
std::string FormatKernelSymbol(uint64_t addr, const KernelSymbolLookup& lookup);
// "mod" / "0x...".
std::string FormatKernelModule(uint64_t addr, const KernelSymbolLookup& lookup);

// "  %-50s" of FormatKernelSymbol()/FormatKernelModule(): a sym()/func() or
// mod() record in trace output or as an aggregation key.
std::string FormatSymbolRecord(uint64_t addr, const KernelSymbolLookup& lookup);
std::string FormatModuleRecord(uint64_t addr, const KernelSymbolLookup& lookup);
std::string FormatAddressRecord(uint64_t addr, const KernelSymbolLookup& lookup);  // uaddr()

// The PCs of a raw stack record (little-endian u64s; a trailing partial
// word is ignored), up to but not including the first zero.
std::vector<uint64_t> StackFramesFromRecord(std::string_view bytes);

// bpf_get_stack() in a (raw) tracepoint program starts with frames of the
// tracing machinery itself, e.g. on sys_enter:
//   bpf`bpf_prog_fecf572d3c26fb64_x+0x61, vmlinux`bpf_trace_run2+0xf2,
//   vmlinux`__bpf_trace_sys_enter+0xc, vmlinux`syscall_trace_enter+0x180, ...
// (the __bpf_trace_ thunk is missing when the compiler made it a tail call).
// Returns pcs without those leading frames (module "bpf", bpf_trace_run*,
// __bpf_trace_*), cut at the first zero and at max_frames. Not for
// perf-event (profile) programs, whose stacks start at the interrupted PC.
std::vector<uint64_t> DropTracingFrames(std::span<const uint64_t> pcs,
                                        const KernelSymbolLookup& lookup, size_t max_frames);

// Turns one frame's text into its printed form (%k applies its "%-20s").
using StackFrameFormatter = std::function<std::string(const std::string& frame)>;

// "\n" then, per PC until the first zero, indent spaces + frame + "\n".
std::string FormatStack(std::span<const uint64_t> pcs, const KernelSymbolLookup& lookup,
                        int indent = kDefaultStackIndent,
                        const StackFrameFormatter& frame_format = nullptr);

// The indent of a %k conversion: width when left-justified, else 0.
// A negative dynamic ('*') width means left-justified by its magnitude.
int StackConversionIndent(int width, bool left);

// libdtrace's order of two stack(depth) keys: records compare byte by byte
// in memory order (little-endian words, zero-filled to depth), except that a
// one-frame record compares as an unsigned integer. Returns <0, 0, >0.
int CompareStackKeys(std::span<const uint64_t> a, std::span<const uint64_t> b, int depth);

// Aggregation key of sym()/func(): the start of the covering symbol (the PC
// itself when unknown). Of mod(): the start of the module.
uint64_t CanonicalSymbolKey(uint64_t pc, const KernelSymbolLookup& lookup);
uint64_t CanonicalModuleKey(uint64_t pc, const KernelSymbolLookup& lookup);

// printf's %a hook (PrintfRenderOptions::kernel_symbols): FormatKernelAddress
// when the lookup knows the address, "" otherwise (printf then prints 0x...).
SymbolResolver MakeKernelAddressResolver(KernelSymbolLookup lookup);

}  // namespace dt
