// The profile provider: profile-N (every CPU) and tick-N (one CPU) timers.
// The default rates are listed; other rates are created the first time a
// description names them, as DTrace does.
#pragma once

#include <cstdint>
#include <string>

#include "providers/provider.h"

namespace dt {

const Provider& ProfileProvider();

// "997hz", "10ms", "1s", "97" (Hz by default) -> nanoseconds; 0 if invalid.
uint64_t ParseProfileRate(const std::string& text);

}  // namespace dt
