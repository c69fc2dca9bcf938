/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/syscalls getppid" */
/* chill() spins where the probe fired: the target's first getppid() takes
   at least the 200 ms chilled at its entry (without chill, microseconds).
   The pragma allows destructive actions as -w does. */
#pragma D option destructive

syscall::getppid:entry
/pid == $target && !done/
{
	self->start = timestamp;
	chill(200000000);
}

syscall::getppid:return
/self->start && !done/
{
	done = 1;
	printf("%s\n", timestamp - self->start >= 200000000 ? "chilled at least 200 ms" :
	    "returned too soon");
	self->start = 0;
}
