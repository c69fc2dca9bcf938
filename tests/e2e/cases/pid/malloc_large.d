/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/pid_target" */
/* The seed investigation's filter: calls of libc's malloc large enough to
   be served by mmap. The target makes exactly one (300000 bytes). */
pid$target::malloc:entry
/arg0 >= 262144/
{
	@[probemod, probefunc, arg0] = count();
}
