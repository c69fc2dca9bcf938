# Every kernel tracepoint is an sdt probe with typed fields: sched_process_exec
# has a __data_loc string (the file name exec'd) and two pid_t. arg1 is the
# raw field. dtrace -c holds its process at the exec of the command, before
# tracing starts, so the exec traced is the one a wrapper script makes. The
# programs' directory is replaced by PROGS.
printf '#!/bin/sh\nexec "$@"\n' >wrap
chmod +x wrap
"$DTRACE" -q -n 'sdt:sched::sched_process_exec /args[1] == $target/ {
	printf("%s %s %d %d %d\n", probeprov, probemod, args[1] == pid, arg1 == pid,
	    sizeof (args[1]));
	printf("%s\n", args[0]);
}' -c "./wrap $PROGS/syscalls getppid" | sed "s|$PROGS|PROGS|g"
