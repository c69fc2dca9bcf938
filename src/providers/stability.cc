#include "providers/stability.h"

#include <algorithm>

#include "providers/provider.h"

namespace dt {

namespace {

using S = Stability;
using C = DependencyClass;

}  // namespace

const char* StabilityName(Stability s) {
  switch (s) {
    case S::kInternal:
      return "Internal";
    case S::kPrivate:
      return "Private";
    case S::kObsolete:
      return "Obsolete";
    case S::kExternal:
      return "External";
    case S::kUnstable:
      return "Unstable";
    case S::kEvolving:
      return "Evolving";
    case S::kStable:
      return "Stable";
    case S::kStandard:
      return "Standard";
  }
  return "Unknown";
}

const char* DependencyClassName(DependencyClass c) {
  switch (c) {
    case C::kUnknown:
      return "Unknown";
    case C::kCpu:
      return "CPU";
    case C::kPlatform:
      return "Platform";
    case C::kGroup:
      return "Group";
    case C::kIsa:
      return "ISA";
    case C::kCommon:
      return "Common";
  }
  return "Unknown";
}

Attributes MinAttributes(const Attributes& a, const Attributes& b) {
  return {std::min(a.name, b.name), std::min(a.data, b.data), std::min(a.dependency, b.dependency)};
}

Attributes DescriptionAttributes(const Probe& probe) {
  const ProviderAttributes& table = probe.owner->Attributes();
  Attributes attrs = table.provider;
  if (!probe.module.empty()) attrs = MinAttributes(attrs, table.module);
  if (!probe.function.empty()) attrs = MinAttributes(attrs, table.function);
  if (!probe.name.empty()) attrs = MinAttributes(attrs, table.name);
  return attrs;
}

}  // namespace dt
