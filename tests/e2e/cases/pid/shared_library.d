/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/pid_target" */
/* A shared library named by its file name, and by the shorter names DTrace
   accepts (up to a '.'): libpidtest.so and libpidtest are the same module.
   With -c the probes are made once the dynamic linker has mapped it. */
pid$target:libpidtest.so:lib_scale:entry
{
	printf("%s`%s:%s x=%d\n", probemod, probefunc, probename, arg0);
}

pid$target:libpidtest:lib_scale:return
{
	printf("%s`%s:%s %d\n", probemod, probefunc, probename, arg1);
}
