/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/syscalls getppid" */
/* errno is 0 after a successful system call. */
int done;

syscall::getppid:return
/pid == $target && !done/
{
	done = 1;
	printf("errno=%d ret>0=%d\n", errno, arg0 > 0);
}
