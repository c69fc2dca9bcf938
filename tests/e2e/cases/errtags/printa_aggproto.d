/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	@a[1] = count();
	@b["one"] = count();
	printa(@a, @b);
}
