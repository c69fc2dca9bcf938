/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	@a = count();
	normalize(1, 2);
	exit(0);
}
