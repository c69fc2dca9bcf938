/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/syscalls getppid" */
/* vtimestamp moves between two reads in one clause, as timestamp does (the
   scheduler's own total moves only at ticks and context switches), and by
   no more than timestamp does around them. */
int calls, moved, ahead;

syscall::getppid:entry
/pid == $target/
{
	this->t1 = timestamp;
	this->v1 = vtimestamp;
	this->v2 = vtimestamp;
	this->t2 = timestamp;
	calls++;
	moved += this->v2 > this->v1;
	ahead += this->v2 - this->v1 > this->t2 - this->t1;
}

END
{
	printf("%d calls: vtimestamp moved in %d, ran ahead of timestamp in %d\n", calls, moved,
	    ahead);
}
