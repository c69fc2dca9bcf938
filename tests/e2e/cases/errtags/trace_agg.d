/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	@a = count();
	trace(@a);
}
