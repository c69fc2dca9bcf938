/* ARGS: -q -x rawbytes -s @SCRIPT@ -c @PROGS@/memwrite */
/*
 * With rawbytes, trace() of an object whose bytes make a string is dumped
 * as bytes too; an object of 1, 2, 4 or 8 bytes still prints as an
 * integer, as in DTrace, where the size decides before rawbytes does.
 */
union u {
	char c[12];
	int i;
};
struct two {
	int x;
	int y;
};

syscall::write:entry
/pid == $target && arg2 == 32/
{
	this->buf = (char *)copyin(arg1, 32);
	trace(*(union u *)this->buf);
	trace(*(struct two *)(this->buf + 16));
	printf("\n");
}
