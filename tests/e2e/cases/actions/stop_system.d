/* ARGS: -q -w -s @SCRIPT@ -c "@PROGS@/getppid_loop 1000000000" */
/* stop() stops the process that fired the probe; system() runs a command
   once the consumer sees the record, here to look at the stopped target
   and then kill it. */
int stopped;

syscall::getppid:entry
/pid == $target && !stopped/
{
	stop();
	stopped = 1;
}

tick-200ms
/stopped/
{
	system("grep '^State:' /proc/%d/status", $target);
	system("kill -9 %d", $target);
	exit(0);
}
