/* ARGS: -q -x nspec=3 -s @SCRIPT@ */
/*
 * nspec speculations may be active at once, each with its own records:
 * committing one prints only its own, in the order they were recorded;
 * a discarded one prints nothing, and a discarding clause may record
 * data of its own.
 */
BEGIN
{
	a = speculation();
	b = speculation();
	c = speculation();
	d = speculation();
	printf("%d %d %d %d\n", a, b, c, d);
}

BEGIN
{
	speculate(a);
	printf("a1\n");
}

BEGIN
{
	speculate(b);
	printf("b1\n");
}

BEGIN
{
	speculate(a);
	printf("a2 %s\n", execname);
}

BEGIN
{
	printf("discarding b\n");
	discard(b);
}

BEGIN
{
	commit(a);
}

BEGIN
{
	commit(c);
}

BEGIN
{
	exit(0);
}
