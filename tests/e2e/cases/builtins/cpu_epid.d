/* ARGS: -q -s @SCRIPT@ */
/* Two clauses on one probe are two enablings: distinct EPIDs, same probe id. */
BEGIN
{
	e1 = epid;
	printf("%d %d\n", cpu >= 0, cpu < 4096);
}

BEGIN
{
	printf("%d %d %d\n", epid != e1, epid > 0, id == 1);
	exit(0);
}
