/* ARGS: -q -s @SCRIPT@ */
/*
 * Every variable is read in a clause before the clause that assigns it:
 * each gets the type of that assignment, and reads 0 or "" until it runs.
 */
BEGIN
/!self->start/
{
	printf("before: self->start %d, total %d, name \"%s\", last[1] \"%s\", counts[\"a\"] %d\n",
	    self->start, total, name, last[1], counts["a"]);
}

BEGIN
{
	self->start = timestamp;
	total = 7;
	name = execname;
	last[1] = "one";
	counts["a"] = 2;
}

BEGIN
/self->start/
{
	printf("after: self->start set, total %d, name %s, last[1] %s, counts[\"a\"] %d\n",
	    total, name, last[1], counts["a"]);
	exit(0);
}
