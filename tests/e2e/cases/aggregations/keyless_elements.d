/*
 * Keyless aggregations live in one-element per-CPU arrays whose element
 * exists before anything fires, with a word per CPU that says it was
 * updated: one never updated prints nothing, a sum of zeros prints 0, a
 * cleared one prints 0 and a truncated one nothing until it fires again,
 * trunc() keeping one entry keeps it, and min() and max() start from the
 * first value, not from the element's zeros.
 */
#pragma D option quiet

BEGIN
{
	@zero = sum(0);
	@counted = count();
	@cleared = count();
	@truncated = count();
	@refired = count();
	@kept = count();
	@min = min(-5);
	@max = max(-5);
	@hist = quantize(3);
}

BEGIN
/0/
{
	@never = count();
}

BEGIN
{
	clear(@cleared);
	trunc(@truncated);
	trunc(@refired);
	trunc(@kept, 1);
	printa("zero %@d\n", @zero);
	printa("counted %@d\n", @counted);
	printa("cleared %@d\n", @cleared);
	printa("truncated %@d\n", @truncated);
	printa("kept %@d\n", @kept);
	printa("never %@d\n", @never);
	printa("min %@d max %@d\n", @min, @max);
	exit(0);
}

END
{
	@refired = count();
	@refired = count();
}
