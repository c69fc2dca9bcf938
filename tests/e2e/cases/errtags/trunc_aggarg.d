/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	@a = count();
	trunc(1);
	exit(0);
}
