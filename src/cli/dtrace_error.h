// A failure worded as dtrace(1) words it, for the steps of a run to return
// rather than print: RunDtrace prints "dtrace: <message>" and exits with 1.
#pragma once

#include <string>
#include <variant>

#include "common/diagnostic.h"

namespace dt {

struct DtraceError {
  std::string message;
};

// What a step gives back: its result, or why it failed.
template <typename T>
using OrDtraceError = std::variant<T, DtraceError>;

// A compile error reported without its line: dtrace(1) gives line numbers
// for scripts only, not for -n programs or errors outside any program.
DtraceError DescribeWithoutLine(const CompileError& e, bool errtags);

}  // namespace dt
