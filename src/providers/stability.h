// DTrace's interface attributes (name stability / data stability /
// dependency class) for each provider, as `dtrace -lv` reports them.
//
// Each provider gives its table (Provider::Attributes()); they follow the
// Dynamic Tracing Guide (dtrace, profile, syscall) and Oracle's Linux DTrace
// for sdt, its provider of kernel tracepoints. The probe description attributes of one probe are
// the minimum over the provider row and the rows of the module, function and name fields that are
// not empty (an empty field names nothing, so it does not count).
#pragma once

#include <optional>
#include <string>
#include <string_view>

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

// "Stable/Private/Common", as DTrace writes a triple.
std::string AttributesString(const Attributes& a);

// Whether `a` is below `minimum`, comparing as DTrace does: name stability
// first, then data stability, then dependency class (a lexicographic order,
// not field by field).
bool AttributesBelow(const Attributes& a, const Attributes& minimum);

// An attribute triple as option amin takes it: up to three '/'-separated
// words, case-insensitive, a stability name for the first two and a class
// name for the third; fields left out are the highest (Standard/Standard/
// Common), an empty string included. nullopt for an unknown word, an empty
// field between separators, or a fourth field.
std::optional<Attributes> ParseAttributes(std::string_view text);

}  // namespace dt
