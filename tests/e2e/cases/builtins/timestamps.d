/* ARGS: -q -s @SCRIPT@ */
/* timestamp only grows; walltimestamp is nanoseconds since 1970 (after 2020). */
int n, ok;

BEGIN
{
	last = timestamp;
	first = last;
}

tick-10ms
/n < 5/
{
	n++;
	ok += timestamp > last;
	last = timestamp;
}

tick-10ms
/n == 5/
{
	printf("%d %d %d\n", ok, last - first >= 40000000, walltimestamp > 1577836800000000000);
	exit(0);
}
