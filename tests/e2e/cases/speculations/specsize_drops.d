/* ARGS: -q -x specsize=40 -s @SCRIPT@ */
/*
 * A speculation holds specsize bytes of records per CPU: the second record
 * does not fit and is dropped, the first is still committed.
 */
BEGIN
{
	s = speculation();
}

BEGIN
{
	speculate(s);
	printf("fits %d\n", 1);
}

BEGIN
{
	speculate(s);
	printf("dropped\n");
}

BEGIN
{
	commit(s);
}

BEGIN
{
	exit(0);
}
