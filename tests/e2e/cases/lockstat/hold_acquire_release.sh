# REQUIRES: fbt
# lockhold pipe makes one thread wait about 300 ms for a pipe's mutex that
# another holds. That waiter then holds the mutex (adaptive-acquire, at the
# return of mutex_lock) and lets it go (adaptive-release, at the entry of
# mutex_unlock), both called from pipe_write; caller and stack() start at
# the locking function's caller, as DTrace's lockstat stacks do. Offsets
# depend on the kernel's build and are cut off.
"$DTRACE" -q -n '
lockstat:::adaptive-block
/pid == $target && args[1] >= 200000000/
{
	blocked = args[0];
	waiter = tid;
}

lockstat:::adaptive-acquire
/pid == $target && tid == waiter && args[0] == blocked/
{
	printf("%s at %s:%s, called from %a\n", probename, probemod, probefunc, caller);
	stack();
	held = 1;
}

lockstat:::adaptive-release
/held && tid == waiter && args[0] == blocked/
{
	printf("%s at %s:%s, called from %a\n", probename, probemod, probefunc, caller);
	held = 0;
	waiter = 0;
}' -c "$PROGS/lockhold pipe" | sed -E 's/\+0x[0-9a-f]+//'
exit "${PIPESTATUS[0]}"
