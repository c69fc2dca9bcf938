/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/spin 300" */
/* REQUIRES: fbt */
/*
 * spin burns 300 ms of CPU in user space: clock ticks land in its thread
 * (sched:::tick, at scheduler_tick or, from Linux 6.10, sched_tick), with
 * args[0] and args[1] describing it.
 */
int ticks, described;

sched:::tick
/pid == $target/
{
	ticks++;
	described += args[0]->pr_lwpid == tid && args[1]->pr_pid == pid;
}

END
{
	printf("ticked: %s, every tick described: %s\n", ticks > 0 ? "yes" : "no",
	    described == ticks ? "yes" : "no");
}
