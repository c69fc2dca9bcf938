# argN past the arguments the raw tracepoint under a probe really has
# (sched_switch has 4, sys_enter 2) is 0, as DTrace gives for arguments a
# probe does not have. Reading them used to make the kernel refuse to attach
# (EINVAL) and the whole run abort. dtrace -c holds its process at its own
# exec, so the exec traced here is the one a wrapper script makes; off-cpu
# is taken after it (the sleeper's nanosleep), so the order of the two lines
# does not depend on whether the wrapper is descheduled before its exec.
printf '#!/bin/sh\nexec "$@"\n' >wrap
chmod +x wrap
cat >args.d <<'D'
int seen, execed;

proc:::exec
/pid == $target/
{
	execed = 1;
	printf("exec: arg1 %d, arg2 %d, arg9 %d\n", arg1, arg2, arg9);
}

sched:::off-cpu
/pid == $target && execed && !seen/
{
	seen = 1;
	printf("off-cpu: arg4 %d, arg9 %d\n", arg4, arg9);
}
D
"$DTRACE" -q -s args.d -c "./wrap $PROGS/sleeper 100"
