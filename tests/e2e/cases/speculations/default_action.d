/* ARGS: -s @SCRIPT@ */
/* NORMALIZE: cpu-id */
/*
 * A clause with only speculate() speculates the default action: the
 * probe's line appears when the speculation is committed. The committing
 * clause prints nothing of its own.
 */
BEGIN
{
	s = speculation();
}

BEGIN
{
	speculate(s);
}

BEGIN
{
	commit(s);
}

BEGIN
{
	exit(0);
}
