/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/throw_target" */
/* libstdc++'s own probes in a C++ program that throws 3 exceptions and
   rethrows one: throw's arg1 is the exception's std::type_info, whose
   name() pointer follows its vtable pointer. The module's file name
   carries libstdc++'s version, so probefunc names the site instead. */
libstdcxx$target:::throw
{
	printf("%s %s %s\n", probename, probefunc,
	    copyinstr(*(uintptr_t *)copyin(arg1 + 8, 8)));
}

libstdcxx$target:::rethrow,
libstdcxx$target:::catch
{
	printf("%s %s\n", probename, probefunc);
}
