/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/spin 500" */
/* vtimestamp is the thread's time on CPU: spin burns 500 ms of it; it never
   goes back, and it grows no faster than the clock. */
uint64_t last, first, start;
int grew;

BEGIN
{
	start = timestamp;
}

profile-97
/pid == $target/
{
	grew += last != 0 && vtimestamp >= last;
	last = vtimestamp;
	first = first == 0 ? vtimestamp : first;
}

END
{
	printf("%d %d %d\n", last >= 400000000, last - first <= timestamp - start, grew > 10);
}
