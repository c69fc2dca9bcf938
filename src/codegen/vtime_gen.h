// The program vtimestamp needs besides the probes' (vtime_gen.cc).
#pragma once

#include "codegen/compiled_program.h"
#include "sema/program_info.h"

namespace dt {

// On the sched_switch raw tracepoint: records, per CPU, the thread switched
// in and its time on CPU less bpf_ktime_get_ns().
ProgramDef GenerateVtimeProgram(int vtime_map, const ProgramInfo::TaskOffsets& task);

}  // namespace dt
