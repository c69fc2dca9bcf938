#include "consumer/stack_value.h"

#include <utility>
#include <vector>

#include "consumer/stack_format.h"

namespace dt {

Value StackValueFromRecord(std::string_view bytes, int depth, const KernelSymbolLookup& lookup,
                           bool drop_tracing_frames) {
  std::vector<uint64_t> pcs = StackFramesFromRecord(bytes);
  if (depth <= 0) depth = static_cast<int>(bytes.size() / 8);
  if (drop_tracing_frames) pcs = DropTracingFrames(pcs, lookup, static_cast<size_t>(depth));
  return Value::Stack(std::move(pcs), depth);
}

}  // namespace dt
