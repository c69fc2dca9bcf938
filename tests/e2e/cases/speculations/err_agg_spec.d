/* ARGS: -xerrtags -s @SCRIPT@ */
/* DTrace's rule for the actions of a speculative or committing clause. */
BEGIN
{
	s = speculation();
}

BEGIN
{
	speculate(s);
	@counts = count();
}
