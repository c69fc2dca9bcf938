/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	@a[1] = count();
	@b[1, 2] = count();
	printa(@a, @b);
}
