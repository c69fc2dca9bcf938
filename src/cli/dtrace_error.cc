#include "cli/dtrace_error.h"

namespace dt {

DtraceError DescribeWithoutLine(const CompileError& e, bool errtags) {
  return {CompileError(e.tag(), 0, e.what()).Format(errtags)};
}

}  // namespace dt
