# A script in the style of the DTraceToolkit's: an interpreter line with -C,
# a header of shared definitions found with -I, #define'd formats and
# predicates, and a feature test with #if.
mkdir include
cat > include/syscount.h <<'D'
#ifndef SYSCOUNT_H
#define SYSCOUNT_H
/* Only the command dtrace started. */
#define TRACED		(pid == $target)
#define HEADER		"%-12s %8s\n"
#define ROW		"%-12s %@8d\n"
#endif
D
cat > syscount.d <<'D'
#!/usr/sbin/dtrace -Cs
/*
 * syscount.d - count a command's system calls by name.
 * USAGE: dtrace -C -I include -s syscount.d -c command
 */
#include <syscount.h>
#include "include/syscount.h"	/* guarded: included once */

#pragma D option quiet

#if defined(__linux) && __SUNW_D_VERSION >= 0x01000000
#define CALLS syscall::getppid:entry, syscall::write:entry
#else
#error unsupported system
#endif

CALLS
/TRACED/
{
	@calls[probefunc] = count();
}

dtrace:::END
{
	printf(HEADER, "SYSCALL", "COUNT");
	printa(ROW, @calls);
}
D
"$DTRACE" -C -I include -s syscount.d -c "$PROGS/syscalls getppid"
