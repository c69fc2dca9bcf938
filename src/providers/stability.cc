#include "providers/stability.h"

#include <strings.h>

#include <algorithm>
#include <tuple>
#include <vector>

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

std::string AttributesString(const Attributes& a) {
  return std::string(StabilityName(a.name)) + "/" + StabilityName(a.data) + "/" +
         DependencyClassName(a.dependency);
}

bool AttributesBelow(const Attributes& a, const Attributes& minimum) {
  return std::tie(a.name, a.data, a.dependency) <
         std::tie(minimum.name, minimum.data, minimum.dependency);
}

namespace {

// The word matching `field` among names[0..count), case-insensitively.
template <typename T>
std::optional<T> WordNamed(std::string_view field, int count, const char* (*name)(T)) {
  std::string word(field);
  for (int i = 0; i < count; ++i)
    if (strcasecmp(word.c_str(), name(static_cast<T>(i))) == 0) return static_cast<T>(i);
  return std::nullopt;
}

}  // namespace

std::optional<Attributes> ParseAttributes(std::string_view text) {
  Attributes a{S::kStandard, S::kStandard, C::kCommon};
  // Fields are read until the text runs out: "Stable" and "Stable/" both
  // set only the name stability.
  std::vector<std::string_view> fields;
  while (!text.empty()) {
    size_t slash = text.find('/');
    fields.push_back(text.substr(0, slash));
    text = slash == std::string_view::npos ? std::string_view() : text.substr(slash + 1);
  }
  if (fields.size() > 3) return std::nullopt;
  constexpr int kStabilities = static_cast<int>(S::kStandard) + 1;
  constexpr int kClasses = static_cast<int>(C::kCommon) + 1;
  for (size_t i = 0; i < fields.size(); ++i) {
    if (i < 2) {
      std::optional<Stability> s = WordNamed(fields[i], kStabilities, StabilityName);
      if (!s) return std::nullopt;
      (i == 0 ? a.name : a.data) = *s;
    } else {
      std::optional<DependencyClass> c = WordNamed(fields[i], kClasses, DependencyClassName);
      if (!c) return std::nullopt;
      a.dependency = *c;
    }
  }
  return a;
}

}  // namespace dt
