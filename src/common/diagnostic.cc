#include "common/diagnostic.h"

namespace dt {

std::string CompileError::Format(bool with_tag) const {
  std::string out;
  if (with_tag && !tag_.empty()) out += "[" + tag_ + "] ";
  if (line_ > 0) out += "line " + std::to_string(line_) + ": ";
  out += what();
  return out;
}

}  // namespace dt
