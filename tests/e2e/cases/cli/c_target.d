/* ARGS: -s @SCRIPT@ -c "@PROGS@/syscalls getppid" */
/* NORMALIZE: pids */
syscall::getppid:entry
/pid == $target/
{
	@calls = count();
}
