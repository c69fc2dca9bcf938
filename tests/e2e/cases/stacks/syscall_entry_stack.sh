# NORMALIZE: cpu-id pids
# stack() and trace(stack(n)) at syscall entry show the kernel's system-call
# path, starting where the tracepoint fires (the BPF program, bpf_trace_run2
# and __bpf_trace_sys_enter are not shown). Frame offsets depend on the
# kernel build, so they are replaced by "+0x..".
cat >entry.d <<'D'
int done;

syscall::getppid:entry
/pid == $target && !done/
{
	done = 1;
	stack();
	trace(stack(2));
}
D
"$DTRACE" -s entry.d -c "$PROGS/syscalls getppid" >out 2>err
status=$?
sed -E 's/\+0x[0-9a-f]+$/+0x../' out
cat err >&2
exit "$status"
