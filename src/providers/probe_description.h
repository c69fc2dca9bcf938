// What the registry and the providers exchange when probes are listed and
// matched: the kernel's event list and a description split into fields.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace dt {

// The kernel events the registry turns into probes: (category, event)
// pairs as available_events lists them, syscalls included.
using KernelEventList = std::vector<std::pair<std::string, std::string>>;

// A probe description split into its four fields (globs allowed).
struct ProbeSpecFields {
  std::string provider, module, function, name;
};

}  // namespace dt
