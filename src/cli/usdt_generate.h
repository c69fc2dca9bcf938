// dtrace -h and dtrace -G: files for programs that define their own USDT
// providers, written from the -s provider files (with -C, preprocessed as
// DTrace preprocesses scripts) without touching the kernel.
//
//   dtrace -h -s provider.d [-o provider.h]         the header (usdt_header.h)
//   dtrace -G -s provider.d [-o provider.o] prog.o  the object (usdt_object.h)
//
// Without -o the output is named after the first provider file, its ".d"
// replaced by ".h" or ".o" (DTrace's default); a file not ending in ".d"
// needs -o. The file is replaced, not appended to. -G reads each object
// operand's stapsdt notes: a probe site of one of the file's providers
// that names a probe the file does not declare is an error, as DTrace
// refuses to link a site it has no definition for. Errors are worded
// "failed to compile script provider.d: line N: ..." (a bad provider file)
// or "failed to link script provider.d: ..." (-G's objects).
#pragma once

#include "cli/dtrace_error.h"
#include "cli/options.h"

namespace dt {

// The exit status (0), or the error to print.
OrDtraceError<int> GenerateUsdtFiles(const Options& opts);

}  // namespace dt
