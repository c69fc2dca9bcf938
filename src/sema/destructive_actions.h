// The actions DTrace calls destructive: they change the system (a process,
// its memory, files, the kernel's timing), so a program that uses one is
// enabled only with -w (or option destructive), and none may follow
// speculate( ). The Dynamic Tracing Guide's "Destructive Actions" lists
// them: stop, raise, copyout, copyoutstr, system (process destructive),
// breakpoint, panic, chill (kernel destructive); freopen is destructive too
// (it may overwrite any file). ftruncate is not: it only truncates the
// output file dtrace itself writes.
#pragma once

#include <string>

namespace dt {

bool IsDestructiveAction(const std::string& f);

}  // namespace dt
