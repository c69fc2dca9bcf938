/* ARGS: -q -s @SCRIPT@ */
/*
 * Variables that are only ever updated, never plainly assigned, are
 * int64_t: `big` would wrap at 32 bits.
 */
BEGIN
{
	self->depth++;
	self->depth++;
	x++;
	n = 5;
	total += n;
	total += n;
	a["k"]++;
	++a["k"];
	a["j"]--;
	big += 0x7fffffff;
	big += 0x7fffffff;
	shifted |= 1;
	shifted <<= 40;
	printf("%d %d %d %d %d %d %d %d\n", self->depth, x, total, a["k"], a["j"], big,
	    shifted, sizeof (big));
	exit(0);
}
