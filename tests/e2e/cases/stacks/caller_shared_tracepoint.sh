# caller and stackdepth at a raw tracepoint that another program shares.
# With two programs on sys_enter the kernel calls them through the
# tracepoint's iterator (__traceiter_sys_enter), one frame more than with
# one; and 6.1 builds the __bpf_trace_sys_enter thunk as a tail call, one
# frame less than 6.18. The generated code tells tracing frames by their
# kernel text, so both give the syscall's own stack: syscall_trace_enter,
# do_syscall_64, entry_SYSCALL_64 (depth 3), called from do_syscall_64.
"$DTRACE" -q -n 'BEGIN { printf("ready\n"); } syscall::getppid:entry { @ = count(); }' >other &
other=$!
until grep -q ready other 2>/dev/null; do sleep 0.1; done
"$DTRACE" -q -n 'syscall::getppid:entry /pid == $target/ {
	@depth[stackdepth] = count();
	@caller[func(caller)] = count();
}' -c "$PROGS/syscalls getppid"
status=$?
kill -INT "$other"
wait "$other"
exit "$status"
