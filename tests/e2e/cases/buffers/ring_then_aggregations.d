/* ARGS: -q -x bufpolicy=ring -x bufsize=72 -s @SCRIPT@ */
/*
 * Under bufpolicy=ring the kept records are printed when dtrace exits, and
 * the aggregations after them, as DTrace prints them. 72 bytes keep the
 * last three 24-byte records: ticks 4 and 5, and exit()'s.
 */
tick-1ms
{
	@ticks = count();
	printf("%d\n", ++i);
}

tick-1ms
/i == 5/
{
	exit(0);
}
