/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/pid_target_nopie" */
/* The same probes in an executable that is not position-independent:
   its functions are at fixed addresses, the file offsets differ. */
pid$target:a.out:add:entry
{
	printf("%s:%s(%d, %d)\n", probemod, probefunc, arg0, arg1);
}

pid$target:a.out:add:return
{
	@sum = sum(arg1);
}
