#include "providers/stability.h"

#include <algorithm>

namespace dt {

namespace {

using S = Stability;
using C = DependencyClass;

constexpr ProviderAttributes kDtraceAttributes = {{S::kStable, S::kStable, C::kCommon},
                                                  {S::kPrivate, S::kPrivate, C::kUnknown},
                                                  {S::kPrivate, S::kPrivate, C::kUnknown},
                                                  {S::kStable, S::kStable, C::kCommon},
                                                  {S::kStable, S::kStable, C::kCommon}};

constexpr ProviderAttributes kProfileAttributes = {{S::kEvolving, S::kEvolving, C::kCommon},
                                                   {S::kUnstable, S::kUnstable, C::kUnknown},
                                                   {S::kPrivate, S::kPrivate, C::kUnknown},
                                                   {S::kEvolving, S::kEvolving, C::kCommon},
                                                   {S::kEvolving, S::kEvolving, C::kCommon}};

constexpr ProviderAttributes kSyscallAttributes = {{S::kEvolving, S::kEvolving, C::kCommon},
                                                   {S::kPrivate, S::kPrivate, C::kUnknown},
                                                   {S::kUnstable, S::kUnstable, C::kIsa},
                                                   {S::kEvolving, S::kEvolving, C::kCommon},
                                                   {S::kUnstable, S::kUnstable, C::kIsa}};

// Tracepoints are whatever the running kernel defines: only the provider
// name is a commitment.
constexpr ProviderAttributes kSdtAttributes = {{S::kEvolving, S::kEvolving, C::kIsa},
                                               {S::kPrivate, S::kPrivate, C::kUnknown},
                                               {S::kPrivate, S::kPrivate, C::kUnknown},
                                               {S::kPrivate, S::kPrivate, C::kIsa},
                                               {S::kPrivate, S::kPrivate, C::kIsa}};

// sched, proc and io: the Dynamic Tracing Guide's stable providers.
constexpr ProviderAttributes kStableAttributes = {{S::kEvolving, S::kEvolving, C::kIsa},
                                                  {S::kPrivate, S::kPrivate, C::kUnknown},
                                                  {S::kPrivate, S::kPrivate, C::kUnknown},
                                                  {S::kEvolving, S::kEvolving, C::kIsa},
                                                  {S::kEvolving, S::kEvolving, C::kIsa}};

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

const ProviderAttributes& AttributesOf(ProviderKind kind) {
  switch (kind) {
    case ProviderKind::kDtrace:
      return kDtraceAttributes;
    case ProviderKind::kProfile:
      return kProfileAttributes;
    case ProviderKind::kSyscall:
      return kSyscallAttributes;
    case ProviderKind::kTracepoint:
      return kSdtAttributes;
    case ProviderKind::kStable:
      return kStableAttributes;
  }
  return kSdtAttributes;
}

Attributes DescriptionAttributes(const Probe& probe) {
  const ProviderAttributes& table = AttributesOf(probe.kind);
  Attributes attrs = table.provider;
  if (!probe.module.empty()) attrs = MinAttributes(attrs, table.module);
  if (!probe.function.empty()) attrs = MinAttributes(attrs, table.function);
  if (!probe.name.empty()) attrs = MinAttributes(attrs, table.name);
  return attrs;
}

}  // namespace dt
