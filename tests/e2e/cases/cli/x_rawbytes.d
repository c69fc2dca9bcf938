/* ARGS: -q -x rawbytes -x strsize=16 -s @SCRIPT@ */
/* -x rawbytes: trace() of a string and a string key print as hex dumps of
   the whole record (strsize bytes); integers print as numbers. */
BEGIN
{
	trace("hello");
	trace(7);
	printf("\n");
	@["key"] = count();
	exit(0);
}
