/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/usdt_own" */
/* The same program built by the build itself (CMakeLists.txt: dtrace -h,
   the build's C compiler, which is clang in the sanitized build, dtrace
   -G, linked), every probe traced. It reports 3 enabled ticks on stderr. */
myprov$target:::request-start
{
	printf("%s %d %s %d %d\n", probename, arg0, copyinstr(arg1), arg2, arg3);
}

myprov$target:::request-done
{
	printf("%s %d %s\n", probename, arg0, copyinstr(arg1));
}

myprov$target:::tick
{
	printf("%s\n", probename);
}
