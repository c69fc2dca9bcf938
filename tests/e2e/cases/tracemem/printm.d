/* ARGS: -q -s @SCRIPT@ -c @PROGS@/memwrite */
/*
 * printm(size, pointer): Oracle Linux and FreeBSD DTrace's memory dump,
 * size bytes at the pointer, in tracemem()'s layout.
 */
syscall::write:entry
/pid == $target && arg2 == 32/
{
	this->buf = copyin(arg1, 32);
	printm(32, this->buf);
	printm(1, this->buf + 16);
	printf("end\n");
}
