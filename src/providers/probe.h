// A probe as DTrace names it, and what the kernel side needs to fire it.
#pragma once

#include <cstdint>
#include <string>

namespace dt {

enum class ProviderKind { kDtrace, kProfile, kSyscall };

struct Probe {
  uint32_t id = 0;
  std::string provider, module, function, name;
  ProviderKind kind = ProviderKind::kDtrace;

  // syscall: the x86-64 syscall number and which side of the call.
  int syscall_nr = -1;
  bool is_return = false;

  // profile: the interval, and whether it fires on one CPU (tick) or all.
  uint64_t period_ns = 0;
  bool is_tick = false;

  std::string FullName() const { return provider + ":" + module + ":" + function + ":" + name; }
};

}  // namespace dt
