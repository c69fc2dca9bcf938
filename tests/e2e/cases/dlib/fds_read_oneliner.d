/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/syscalls read" */
/* The book's first one-liner, reads by file, on the test program (less the
   dynamic loader's 832-byte read of the C library's ELF header). */
syscall::read:entry
/pid == $target && arg2 != 832/
{
	@[fds[arg0].fi_pathname] = count();
}
