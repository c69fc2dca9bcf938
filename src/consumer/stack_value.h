// The Value of a stack(n) record as the ring buffer or an aggregation key
// holds it: little-endian u64 PCs, innermost first, zero-filled.
//
// Raw tracepoint programs see the tracing machinery's own frames first
// (stack_format.h, DropTracingFrames); pass drop_tracing_frames for them so
// that the printed stack starts where DTrace's would, and so that equal
// stacks make equal keys. The BPF side may record more words than depth to
// leave room for those frames; at most depth frames are kept. Profile
// (perf-event) programs start at the interrupted PC: pass false.
#pragma once

#include <string_view>

#include "consumer/kernel_symbol_lookup.h"
#include "consumer/value.h"

namespace dt {

Value StackValueFromRecord(std::string_view bytes, int depth, const KernelSymbolLookup& lookup,
                           bool drop_tracing_frames);

}  // namespace dt
