/* ARGS: -q -s @SCRIPT@ */
/*
 * speculation() returns 0 when no speculation is free (nspec is 1), and
 * dtrace says so. Speculating on 0 records nothing. commit() frees the
 * speculation at once: the next speculation() gets its id again, and a
 * speculate() on that id records into the new speculation.
 */
BEGIN
{
	a = speculation();
	b = speculation();
	printf("first %d, second %d\n", a, b);
}

BEGIN
{
	speculate(a);
	printf("committed\n");
}

BEGIN
{
	speculate(b);
	printf("never shown: speculation 0\n");
}

BEGIN
{
	commit(a);
	c = speculation();
}

BEGIN
{
	printf("after the commit: %d\n", c);
}

BEGIN
{
	speculate(a);
	printf("discarded with c\n");
}

BEGIN
{
	discard(c);
	commit(a);
}

BEGIN
{
	exit(0);
}
