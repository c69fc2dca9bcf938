#include "consumer/flow_indent.h"

#include "consumer/trace_format.h"

namespace dt {
namespace {

bool NamedOrSuffixed(const std::string& name, const std::string& word) {
  if (name == word) return true;
  return name.size() > word.size() &&
         name.compare(name.size() - word.size(), word.size(), word) == 0 &&
         name[name.size() - word.size() - 1] == '-';
}

// Another clause of the same probe.
bool SameProbeOtherClause(const std::optional<EnabledClause>& other, const EnabledClause& self) {
  return other && other->probe_id == self.probe_id && !(*other == self);
}

}  // namespace

FlowKind FlowKindOfName(const std::string& name) {
  if (NamedOrSuffixed(name, "entry")) return FlowKind::kEntry;
  if (NamedOrSuffixed(name, "return")) return FlowKind::kReturn;
  return FlowKind::kNone;
}

std::string FlowIndent::Prefix(const FlowFiring& firing, std::optional<EnabledClause> previous,
                               std::optional<EnabledClause> next) {
  FlowKind kind = FlowKindOfName(firing.name);
  if (kind == FlowKind::kEntry && SameProbeOtherClause(previous, firing.enabled))
    kind = FlowKind::kNone;
  if (kind == FlowKind::kReturn && SameProbeOtherClause(next, firing.enabled))
    kind = FlowKind::kNone;

  int& depth = depth_[firing.cpu];
  if (kind == FlowKind::kReturn && depth > 0) depth -= 2;
  const char* flow = kind == FlowKind::kEntry ? "entry" : kind == FlowKind::kReturn ? "return" : "";
  std::string text = FlowRecordPrefix(firing.cpu, depth, flow, firing.provider == "syscall",
                                      firing.function, firing.name);
  if (kind == FlowKind::kEntry) depth += 2;
  return text;
}

}  // namespace dt
