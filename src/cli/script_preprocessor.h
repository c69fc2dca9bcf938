// dtrace -C for one script file: the built-in preprocessor with the
// command line's -D, -U, -I, -H and -X, as DTrace runs cpp over each -s file
// (and never over -n/-P/-m/-f/-i text).
#pragma once

#include <string>

#include "cli/options.h"
#include "frontend/preprocessor.h"

namespace dt {

// What cpp prints while it works (-H lines, warnings) goes to stderr. A
// preprocessing error is printed to stderr as cpp prints it, then thrown as
// the CompileError DTrace reports for a failed cpp, which the driver prints
// as "dtrace: failed to compile script x.d: Preprocessor failed to process
// input program".
PreprocessedScript PreprocessScript(const std::string& path, const std::string& text,
                                    const Options& opts);

}  // namespace dt
