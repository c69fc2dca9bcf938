/* ARGS: -q -s @SCRIPT@ */
/* exit() in BEGIN: later BEGIN clauses still run, END fires, then the
   aggregations print. */
BEGIN
{
	@n["begin"] = count();
	exit(0);
}

BEGIN
{
	printf("second BEGIN clause\n");
}

tick-1ms
{
	printf("never: exit() was called in BEGIN\n");
}

END
{
	@n["end"] = count();
	printf("END fired\n");
}
