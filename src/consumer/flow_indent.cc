#include "consumer/flow_indent.h"

#include "consumer/trace_format.h"

namespace dt {

std::string FlowIndent::Prefix(int cpu, const std::string& provider, const std::string& function,
                               const std::string& name) {
  const bool is_syscall = provider == "syscall";
  int& depth = depth_[cpu];
  if (name == "entry") {
    std::string text = FlowRecordPrefix(cpu, depth, "entry", is_syscall, function, name);
    depth += 2;
    return text;
  }
  if (name == "return") {
    // A return whose entry was not seen (tracing began inside the call)
    // stays at the left edge rather than going negative.
    depth = depth >= 2 ? depth - 2 : 0;
    return FlowRecordPrefix(cpu, depth, "return", is_syscall, function, name);
  }
  return FlowRecordPrefix(cpu, depth, "", is_syscall, function, name);
}

}  // namespace dt
