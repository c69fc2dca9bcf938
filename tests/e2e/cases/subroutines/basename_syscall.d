/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/syscalls open" */
/*
 * basename() and dirname() of user strings in a syscall probe, as
 * aggregation keys: "syscalls open" opens /etc/hostname three times and
 * /nonexistent-path-for-dtrace-test twice.
 */
syscall::openat:entry
/pid == $target/
{
	this->path = copyinstr(arg1);
}

syscall::openat:entry
/pid == $target && (this->path == "/etc/hostname" ||
    this->path == "/nonexistent-path-for-dtrace-test")/
{
	@[dirname(this->path), basename(this->path)] = count();
}

END
{
	printa("%s %s %@d\n", @);
}
