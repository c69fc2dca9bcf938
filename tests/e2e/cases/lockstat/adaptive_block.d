/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/lockhold pipe" */
/*
 * lockhold pipe makes one thread wait about 300 ms for a pipe's mutex
 * that another holds: adaptive-block fires once in the waiter, with the
 * time it slept. Shorter waits of the process (if any) are left out.
 */
lockstat:::adaptive-block
/pid == $target && args[1] >= 200000000/
{
	@[probename] = count();
	printf("slept less than 5 s: %s\n", args[1] < 5000000000 ? "yes" : "no");
}

END
{
	printa("%s: %@d\n", @);
}
