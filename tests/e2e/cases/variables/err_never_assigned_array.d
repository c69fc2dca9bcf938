/* ARGS: -xerrtags -s @SCRIPT@ */
/* Updated elsewhere, but this array is only ever read. */
BEGIN
{
	counts[1]++;
	trace(totals[1]);
}
