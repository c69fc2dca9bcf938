/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/syscalls getppid" */
/*
 * -c traces its process only once it is the program: each execname seen for
 * $target is printed once, and the forked dtrace child's own system calls
 * before its exec (execname "dtrace") are not among them.
 */
int seen[string];

syscall:::entry
/pid == $target && !seen[execname]/
{
	seen[execname] = 1;
	printf("%s\n", execname);
}
