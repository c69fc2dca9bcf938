// DTrace's interface attributes (name stability / data stability /
// dependency class) for each provider, as `dtrace -lv` reports them.
//
// Each provider gives its table (Provider::Attributes()); they follow the
// Dynamic Tracing Guide (dtrace, profile, syscall) and Oracle's Linux DTrace
// for sdt, its provider of kernel tracepoints. The probe description attributes of one probe are the minimum
// over the provider row and the rows of the module, function and name fields
// that are not empty (an empty field names nothing, so it does not count).
#pragma once

#include "providers/probe.h"

namespace dt {

// In increasing order of stability, as DTrace orders them.
enum class Stability {
  kInternal,
  kPrivate,
  kObsolete,
  kExternal,
  kUnstable,
  kEvolving,
  kStable,
  kStandard
};
enum class DependencyClass { kUnknown, kCpu, kPlatform, kGroup, kIsa, kCommon };

struct Attributes {
  Stability name = Stability::kInternal;
  Stability data = Stability::kInternal;
  DependencyClass dependency = DependencyClass::kUnknown;

  bool operator==(const Attributes&) const = default;
};

struct ProviderAttributes {
  Attributes provider, module, function, name, args;
};

const char* StabilityName(Stability s);              // "Evolving"
const char* DependencyClassName(DependencyClass c);  // "Common", "ISA", "CPU"

// Field by field minimum.
Attributes MinAttributes(const Attributes& a, const Attributes& b);

// "Probe Description Attributes" of one probe (see the header comment).
Attributes DescriptionAttributes(const Probe& probe);

}  // namespace dt
