/*
 * Counts system calls by process name for three seconds, then prints the
 * counts (smallest first) and exits.
 *
 *   dtrace -s examples/syscalls-by-process.d
 */
syscall:::entry
{
	@calls[execname] = count();
}

tick-3s
{
	exit(0);
}
