/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/syscalls open" */
/* openat of a missing path returns -1 with errno ENOENT; others return fd 3. */
syscall::openat:entry
/pid == $target/
{
	self->path = copyinstr(arg1);
	self->flags = arg2;
}

syscall::openat:return
/pid == $target && (self->path == "/etc/hostname" ||
    self->path == "/nonexistent-path-for-dtrace-test")/
{
	printf("%s flags=%d ret=%d errno=%d\n", self->path, self->flags, (int)arg0, errno);
}
