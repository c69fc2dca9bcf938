// A readable eBPF disassembler for `dtrace -S`.
//
// Prints one line per instruction in the C-like notation of the kernel
// verifier log and bpftool, prefixed by the instruction's slot index:
//     0: r1 = r10
//     1: r1 += -8
//     2: r2 = map[counts] ll
//     4: call bpf_map_lookup_elem#1
//     5: if r0 == 0x0 goto +2 <8>
//     6: lock *(u64 *)(r0 + 0) += r6
// A 16-byte ld_imm64 occupies two slots; only its first is printed, so the
// indexes match those the verifier reports. Jumps show their relative offset
// and, in <>, the absolute slot they land on. Every input, including invalid
// opcodes and a truncated ld_imm64, produces text rather than an error.
#pragma once

#include <linux/bpf.h>

#include <functional>
#include <string>
#include <vector>

namespace dt {

// map_name, when given, turns the map reference held in the imm of a
// ld_imm64 with BPF_PSEUDO_MAP_FD / _IDX / _VALUE / _IDX_VALUE into a name;
// otherwise the reference prints as "fd:N" or "idx:N".
std::string DisassembleBpf(const std::vector<bpf_insn>& insns,
                           const std::function<std::string(int map_ref)>& map_name = {});

// "bpf_map_lookup_elem" for 1, ... from the kernel header's helper list;
// "unknown" for ids the header does not know.
std::string BpfHelperName(int helper_id);

}  // namespace dt
