/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/sleeper 300" */
/* REQUIRES: fbt */
/*
 * sleeper blocks once in nanosleep for 300 ms: its thread is taken off its
 * CPU's run queue when it blocks (sched:::dequeue, at its scheduling
 * class's dequeue_task_fair) and put back when the timer wakes it
 * (sched:::enqueue, at enqueue_task_fair). args[0] and args[1] describe
 * that thread, args[2] the CPU whose queue it is.
 */
int enqueued, dequeued, described;

sched:::enqueue
/args[1]->pr_pid == $target/
{
	enqueued++;
	described += args[0]->pr_lwpid == $target && args[2]->cpu_id == ((struct rq *)arg0)->cpu;
}

sched:::dequeue
/args[1]->pr_pid == $target/
{
	dequeued++;
	described += args[0]->pr_lwpid == $target && args[2]->cpu_id == ((struct rq *)arg0)->cpu;
}

END
{
	printf("enqueued: %s, dequeued: %s, every one described: %s\n",
	    enqueued > 0 ? "yes" : "no", dequeued > 0 ? "yes" : "no",
	    described == enqueued + dequeued ? "yes" : "no");
}
