// Code generation: turns an analyzed program into BPF programs and maps.
//
// Clauses are grouped by the program their probes fire, as each provider
// says (Provider::ProgramGroup, Shape): one run-once program each for
// BEGIN, END and ERROR; one raw sys_enter and one raw sys_exit program for
// all syscall clauses (a clause that enables only some syscalls tests the
// syscall number first); one perf-event program per profile/tick rate.
// Within a program the clauses run in source order, as DTrace runs them.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "codegen/compiled_program.h"
#include "providers/provider.h"
#include "sema/program_info.h"
#include "sema/types.h"

namespace dt {

// Kernel text [start, end).
struct TextRange {
  uint64_t start = 0, end = 0;
};

struct CodegenOptions {
  uint64_t strsize = 256;       // bytes a string takes (a whole number of words)
  uint64_t string_limit = 256;  // -x strsize: a string holds at most string_limit - 1 characters
  uint32_t bufsize = 4 << 20;   // ring buffer bytes
  uint32_t aggsize_entries = 16384;  // max keys per aggregation
  uint64_t aggsize_bytes = 0;        // -x aggsize: sets the keys from the key and value size
  // -x dynvarsize: the bytes of keys and values each self-> variable's or
  // associative array's map may hold (DynamicVariableEntries).
  uint64_t dynvar_bytes = 1 << 20;
  // -x bufpolicy=fill: the bytes of records tracing may send (bufsize)
  // before it stops; 0 under switch and ring (action_gen.cc, "fill").
  uint64_t fill_limit = 0;
  int64_t wall_offset_ns = 0;   // CLOCK_REALTIME - CLOCK_MONOTONIC
  uint32_t nspec = 1;           // speculations that may be active at once
  int32_t cpu = -1;             // -x cpu: probes fire only on this CPU; -1: any
  uint64_t scratchsize = 8192;  // -x scratchsize: a clause's alloca() arena, bytes
  // How many probes the registry lists in each program group
  // (Provider::ProgramGroup): a clause that enables them all needs no test
  // of which one fired.
  std::map<std::pair<const Provider*, uint64_t>, size_t> probes_per_group;
  // The text of the functions between a raw tracepoint's call site and its
  // BPF program (bpf_trace_runN, the tracepoint's __bpf_trace_* thunk and
  // __traceiter_* iterator): the frames caller and stackdepth leave out.
  // Which of them a stack holds depends on the kernel's build (6.1 turns
  // the thunk into a tail call) and on how many programs share the
  // tracepoint (the iterator appears from two on), so the generated code
  // tests the leading frames. Asked only by programs that use caller or
  // stackdepth; unset or empty: a fixed count of frames is skipped.
  std::function<std::vector<TextRange>(const std::string& raw_tracepoint)> tracing_text;
};

// The entries a dynamic variable map may hold: dynvarsize divided by the
// bytes of one entry's key and value, at least 1 and at most 1 << 22.
uint32_t DynamicVariableEntries(uint64_t dynvar_bytes, uint32_t key_size, uint32_t value_size);

CompiledProgram GenerateCode(ProgramInfo& info, TypeTable& types, const CodegenOptions& options);

}  // namespace dt
