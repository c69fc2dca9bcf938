/* ARGS: -q -s @SCRIPT@ -c @PROGS@/memwrite */
/*
 * tracemem() of a user buffer brought in with copyin(): memwrite's one
 * 32-byte write(), "hello, tracemem!" then the 32-bit integers 1, 2, 3, -1.
 * The two-argument form dumps all of it; the three-argument form only the
 * dynamic size when it is above 0 and at most the maximum, else all of it
 * (0, above the maximum, negative: DTrace's rule). -q changes nothing in
 * the dump.
 */
syscall::write:entry
/pid == $target && arg2 == 32/
{
	this->buf = copyin(arg1, 32);
	tracemem(this->buf, 32);
	tracemem(this->buf, 32, 5);
	tracemem(this->buf, 32, arg2 - 15);
	tracemem(this->buf, 32, 0);
	tracemem(this->buf, 32, 33);
	tracemem(this->buf, 32, -1);
	tracemem(this->buf, 20);
}
