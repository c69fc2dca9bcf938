/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/syscalls getppid" */
/* A thread-local struct kept from a syscall's entry to its return, and an
   associative array of structs keyed by the thread's process: the program
   makes getppid ten times. */
struct call {
	int calls;
	long entered;
	int ppid_seen;
};

self struct call c;
struct call per_pid[int];

syscall::getppid:entry
/pid == $target/
{
	self->c.calls++;
	self->c.entered = timestamp;
}

syscall::getppid:return
/pid == $target && self->c.entered != 0/
{
	per_pid[pid].calls++;
	per_pid[pid].ppid_seen = arg1 == ppid;
	self->c.entered = 0;
}

syscall::getppid:return
/pid == $target && per_pid[pid].calls == 10/
{
	printf("%d calls entered, %d returned, ppid %s\n", self->c.calls, per_pid[pid].calls,
	    per_pid[pid].ppid_seen ? "matches" : "differs");
	exit(0);
}
