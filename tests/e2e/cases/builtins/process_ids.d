/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/syscalls getppid" */
/* In the traced child: tid == pid (one thread), its parent is dtrace. */
int done;

syscall::getppid:entry
/pid == $target && !done/
{
	done = 1;
	printf("%d %d %d %d %d %s\n", pid == $target, tid == pid, ppid == $pid, uid, gid,
	    execname);
}
