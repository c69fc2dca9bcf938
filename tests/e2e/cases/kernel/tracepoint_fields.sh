# Every kernel tracepoint is an sdt probe with typed fields: sched_process_exec
# has a __data_loc string (the file name exec'd) and two pid_t. arg1 is the
# raw field. The programs' directory is replaced by PROGS.
"$DTRACE" -q -n 'sdt:sched::sched_process_exec /args[1] == $target/ {
	printf("%s %s %d %d %d\n", probeprov, probemod, args[1] == pid, arg1 == pid,
	    sizeof (args[1]));
	printf("%s\n", args[0]);
}' -c "$PROGS/syscalls getppid" | sed "s|$PROGS|PROGS|g"
