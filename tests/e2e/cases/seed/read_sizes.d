/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/syscalls read" */
/* Reads of 8..1024 bytes from /dev/zero (fd 3): one per power of two. */
syscall::read:entry
/pid == $target && arg0 == 3 && arg2 >= 8 && (arg2 & (arg2 - 1)) == 0/
{
	@sizes = quantize(arg2);
}
