/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	@a = strlen("x");
}
