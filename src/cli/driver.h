// The dtrace command: options -> compile every program -> list, print, or
// run. Returns the process exit status (0 ok, 1 compile/run failure, 2 usage).
#pragma once

namespace dt {

int RunDtrace(int argc, char** argv);

}  // namespace dt
