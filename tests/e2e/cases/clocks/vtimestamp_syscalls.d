/* ARGS: -q -x aggsortkey -s @SCRIPT@ -c "@PROGS@/syscalls" */
/* The seed's vtimestamp script, timestamp beside it: every system call
   takes some time on CPU, and never more than the time that passed. */
syscall:::entry
/pid == $target/
{
	self->ts = timestamp;
	self->vts = vtimestamp;
}

syscall:::return
/self->vts && (probefunc == "getppid" || probefunc == "write" || probefunc == "read" ||
    probefunc == "openat" || probefunc == "close")/
{
	this->on_cpu = vtimestamp - self->vts;
	this->elapsed = timestamp - self->ts;
	@no_time[probefunc] = sum(this->on_cpu == 0);
	@too_long[probefunc] = sum(this->on_cpu > this->elapsed);
}

syscall:::return
/self->vts/
{
	self->ts = 0;
	self->vts = 0;
}

END
{
	printa("%-8s %@d with no time on CPU\n", @no_time);
	printa("%-8s %@d longer on CPU than elapsed\n", @too_long);
}
