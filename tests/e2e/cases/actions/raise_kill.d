/* ARGS: -w -s @SCRIPT@ -c "@PROGS@/getppid_loop 1000000000" */
/* NORMALIZE: pids */
/* raise() signals the process that fired the probe: a billion calls would
   take minutes, SIGKILL ends the run at the first. */
syscall::getppid:entry
/pid == $target/
{
	raise(SIGKILL);
}
