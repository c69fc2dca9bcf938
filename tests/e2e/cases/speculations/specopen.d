/* ARGS: -s @SCRIPT@ -c "@PROGS@/syscalls open" */
/* NORMALIZE: cpu-id pids */
/*
 * The Dynamic Tracing Guide's specopen.d (Speculative Tracing), for
 * Linux's openat and without fbt: every open is traced speculatively and
 * only the failed ones are committed. The target opens /etc/hostname three
 * times and a missing path twice; only the two failures print.
 */
syscall::openat:entry
/pid == $target/
{
	/*
	 * A new speculation; if none is free, dtrace says so and the
	 * speculative tracing below is silently discarded.
	 */
	self->spec = speculation();
	speculate(self->spec);
	printf("%s", copyinstr(arg1));
}

syscall::openat:return
/self->spec/
{
	/* Speculated too, so every entry has its return. */
	speculate(self->spec);
	trace(errno);
}

syscall::openat:return
/self->spec && errno != 0/
{
	commit(self->spec);
	self->spec = 0;
}

syscall::openat:return
/self->spec && errno == 0/
{
	discard(self->spec);
	self->spec = 0;
}
