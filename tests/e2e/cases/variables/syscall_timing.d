/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/syscalls getppid" */
/*
 * The usual entry/return timing, written in the order people often write
 * it: every variable is read above the clause that assigns it, the
 * counters are only ever incremented, and assigning 0 frees self->start.
 */
END
{
	printf("%d of %d getppid calls timed, %d slower than a minute\n", timed, calls, slow);
}

syscall::getppid:return
/self->start/
{
	timed++;
	slow += timestamp - self->start > 60000000000 ? 1 : 0;
	self->start = 0;
}

syscall::getppid:entry
/pid == $target && !self->start/
{
	calls++;
	self->start = timestamp;
}
