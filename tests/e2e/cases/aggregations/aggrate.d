/*
 * aggrate: printa() shows an aggregation as read at most once per aggrate
 * (DTrace's snapshot rate), here once in the run: every printa() after the
 * first shows that first reading, although @ has grown. clear() empties
 * the reading with the aggregation, so the printa() after it reads anew.
 */
#pragma D option quiet
#pragma D option aggrate=1h

BEGIN
{
	@ = count();
	printa("begin %@d\n", @);
}

tick-20ms
/n < 3/
{
	n++;
	@ = count();
	printa("tick %@d\n", @);
}

tick-20ms
/n == 3 && !done/
{
	done = 1;
	clear(@);
	printa("after clear %@d\n", @);
	exit(0);
}
