/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/syscalls open" */
/* syscall args[] carry the parameter types of the syscall's tracepoint
   format: openat's dfd is an int (AT_FDCWD prints as -100), its filename a
   const char * in user memory. */
syscall::openat:entry
/pid == $target && args[0] == -100 && copyinstr((uintptr_t)args[1]) != "/etc/ld.so.cache" &&
    copyinstr((uintptr_t)args[1]) != "/lib/x86_64-linux-gnu/libc.so.6"/
{
	@[copyinstr((uintptr_t)args[1]), args[0], sizeof (args[0])] = count();
}

END
{
	printa("%s %d %d %@d\n", @);
}
