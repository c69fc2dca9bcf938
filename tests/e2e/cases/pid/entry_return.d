/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/pid_target" */
/* pid$target probes in the executable (a PIE): entry with the function's
   arguments, return with its return value in arg1, and the probe's names.
   main's arg0 is argc. */
pid$target:a.out:main:entry
{
	printf("main argc=%d\n", arg0);
}

pid$target:a.out:add:entry
{
	printf("%s %s:%s:%s(%d, %d)\n", probeprov == strjoin("pid", lltostr($target)) ?
	    "pid$target" : probeprov, probemod, probefunc, probename, arg0, arg1);
}

pid$target:a.out:add:return
{
	printf("%s:%s = %d\n", probefunc, probename, arg1);
}
