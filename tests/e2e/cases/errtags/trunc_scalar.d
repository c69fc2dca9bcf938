/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	@a = count();
	trunc(@a, "ten");
	exit(0);
}
