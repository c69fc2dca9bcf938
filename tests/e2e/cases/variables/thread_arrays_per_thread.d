/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/syscalls getppid" */
/*
 * Each thread has its own elements: the traced process counts its calls in
 * self->n[1] while dtrace's own thread keeps what BEGIN stored there.
 */
BEGIN
{
	self->n[1] = 100;
}

syscall::getppid:entry
/pid == $target/
{
	self->n[1]++;
	self->ts[probefunc] = timestamp;
}

syscall::getppid:return
/self->ts["getppid"]/
{
	@calls = max(self->n[1]);
	@timed = count();
	self->ts["getppid"] = 0;
}

END
{
	printf("dtrace's thread: %d\n", self->n[1]);
	printa("target's thread: %@d calls, ", @calls);
	printa("%@d timed\n", @timed);
}
