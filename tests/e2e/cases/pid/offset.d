/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/pid_target" */
/* Instruction-offset probes: the name is a hex offset from the function's
   start, as in DTrace (0x11 is the probe 11). arg0 and arg1 are the
   argument registers where the probe is: offset_target (assembly, in
   pid_target.c) moves a + b into %rdi at 4 and adds 256 to it at 7; each
   probe fires before its instruction. Called with (1, 10) and (2, 20). */
pid$target:a.out:offset_target:0,
pid$target:a.out:offset_target:7,
pid$target:a.out:offset_target:e,
pid$target:a.out:offset_target:0x11
{
	printf("%s:%s:%s arg0=%d arg1=%d\n", probemod, probefunc, probename, arg0, arg1);
}
