/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	@a[1, (void)0] = count();
}
