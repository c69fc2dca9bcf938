/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	@a = count();
	print(@a);
}
