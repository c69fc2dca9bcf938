# proc:::exec and proc:::exec-failure: a shell's exec searches PATH, so with a
# directory that lacks the program first, the first execve fails with ENOENT
# (2) and the second runs the program. dtrace -c holds its process at the
# exec of the command, before tracing starts (as DTrace does), so the execs
# traced here are the ones the wrapper script makes. The programs' directory
# is replaced by PROGS.
printf '#!/bin/sh\nexec "$@"\n' >wrap
chmod +x wrap
PATH="/nonexistent-dtrace-dir:$PROGS:$PATH" "$DTRACE" -q -n '
proc:::exec /pid == $target/ { printf("exec %s\n", args[0]); }
proc:::exec-failure /pid == $target/ { printf("exec-failure %d\n", args[0]); }
proc:::exec-success /pid == $target/ { printf("exec-success %s\n", execname); }' \
  -c "./wrap syscalls getppid" | sed "s|$PROGS|PROGS|g"
