// x86-64 system call names and numbers, as compiled into the kernel headers
// this tool was built against (generated/syscall_numbers.inc, written by CMake
// from asm/unistd_64.h). The raw sys_enter/sys_exit tracepoints only give the
// number; this table gives the name back, and the reverse for predicates.
#pragma once

#include <string_view>

namespace dt::runtime {

// -1 if `name` is not an x86-64 syscall ("read" -> 0, "getppid" -> 110).
int SyscallNumber(std::string_view name);

// nullptr if `nr` is not a known syscall number. The string is static.
const char* SyscallName(int nr);

// The largest known syscall number (a dense table of MaxSyscallNumber()+1
// entries covers every syscall).
int MaxSyscallNumber();

}  // namespace dt::runtime
