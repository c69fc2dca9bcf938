/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/pid_target" */
/* A return probe fires at the function's ret, with arg0 the offset of the
   ret in the function and arg1 the return value, as DTrace defines them.
   offset_target is assembly (pid_target.c): its ret is at 0x11, and it
   returns a + b + 256 for (1, 10) and (2, 20). indirect_exit leaves
   through an indirect jmp, which the pid provider cannot follow: its
   return probe is a uretprobe, after the return, and arg0 is 0. */
pid$target:a.out:offset_target:return,
pid$target:a.out:indirect_exit:return
{
	printf("%s:%s arg0=%x arg1=%d\n", probefunc, probename, arg0, arg1);
}
