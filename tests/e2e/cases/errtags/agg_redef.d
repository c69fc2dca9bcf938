/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	@a = count();
	@a = sum(1);
}
