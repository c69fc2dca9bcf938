# proc:::exec and proc:::exec-failure: dtrace -c searches PATH, so with a
# directory that lacks the program first, the child's first execve fails
# with ENOENT (2) and the second runs the program. The programs' directory
# is replaced by PROGS.
PATH="/nonexistent-dtrace-dir:$PROGS:$PATH" "$DTRACE" -q -n '
proc:::exec /pid == $target/ { printf("exec %s\n", args[0]); }
proc:::exec-failure /pid == $target/ { printf("exec-failure %d\n", args[0]); }
proc:::exec-success /pid == $target/ { printf("exec-success %s\n", execname); }' \
  -c "syscalls getppid" | sed "s|$PROGS|PROGS|g"
