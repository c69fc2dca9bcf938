/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/pid_target" */
/* arg0..arg5 come from registers, arg6..arg9 from the stack above the
   return address (the x86-64 calling convention). */
pid$target:a.out:sum10:entry
{
	printf("%d %d %d %d %d %d %d %d %d %d\n", arg0, arg1, arg2, arg3, arg4,
	    arg5, arg6, arg7, arg8, arg9);
}
