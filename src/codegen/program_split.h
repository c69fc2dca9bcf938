// Cutting the clauses of one attach point into several BPF programs.
//
// One program holds at most 64 maps (the kernel's MAX_USED_MAPS) and should
// stay far below the verifier's 1M-instruction budget, so a D program with
// thousands of clauses on one probe needs several BPF programs. They form a
// chain: each ends with a tail call to the next, so all of them run, in
// source order, for the one firing of the probe (a perf timer could not
// fire two programs at once otherwise). The kernel follows at most 33 tail
// calls.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "codegen/compiled_program.h"

namespace dt {

struct SplitLimits {
  uint32_t max_insns = 16384;  // per program; far below the verifier's budget
  uint32_t max_maps = 64;      // per program: MAX_USED_MAPS
};
constexpr size_t kMaxChainedPrograms = 34;  // MAX_TAIL_CALL_CNT + 1
// The largest program a chain is cut into when 16K-instruction ones would
// make it too long (straight-line clauses verify in about their size).
constexpr uint32_t kMaxSplitInsns = 131072;

// The distinct map indices the instructions [begin, end) reference.
std::vector<int> MapsReferenced(const std::vector<bpf_insn>& insns, size_t begin, size_t end);

// `whole` is one program holding every clause of an attach point (its
// clause_spans say where each starts). Returns the position, in
// whole.clause_spans, of the first clause of each program to generate:
// {0} when one program will do. A program that would exceed a limit gets
// its clauses cut before the clause that crosses it; a single clause over
// the limits still gets a program of its own (the kernel then says why it
// refuses it). Chained programs reference one more map (the prog array).
std::vector<size_t> SplitPoints(const ProgramDef& whole, const SplitLimits& limits = {});

}  // namespace dt
