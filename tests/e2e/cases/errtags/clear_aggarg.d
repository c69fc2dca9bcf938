/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	@a = count();
	clear(1);
	exit(0);
}
