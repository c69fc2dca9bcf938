/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/syscalls getppid" */
syscall::getppid:return
/pid == $target/
{
	@[$target == pid, $target != $pid] = count();
}
