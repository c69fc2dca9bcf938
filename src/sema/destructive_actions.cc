#include "sema/destructive_actions.h"

namespace dt {

bool IsDestructiveAction(const std::string& f) {
  for (const char* name : {"stop", "raise", "copyout", "copyoutstr", "system", "freopen",
                           "breakpoint", "panic", "chill"})
    if (f == name) return true;
  return false;
}

}  // namespace dt
