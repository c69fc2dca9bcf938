/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	@counts;
}
