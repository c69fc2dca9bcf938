/* ARGS: -q -x aggsortkey -s @SCRIPT@ -c "@PROGS@/syscalls" */
/* Time per system call; the times vary, so only the keys are printed. */
syscall:::entry
/pid == $target/
{
	self->ts = timestamp;
}

syscall:::return
/self->ts && (probefunc == "getppid" || probefunc == "write" || probefunc == "read" ||
    probefunc == "openat" || probefunc == "close")/
{
	@time[probefunc] = sum(timestamp - self->ts);
}

syscall:::return
/self->ts/
{
	self->ts = 0;
}

END
{
	printa("%s\n", @time);
}
