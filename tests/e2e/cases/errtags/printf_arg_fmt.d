/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	fmt = "%d\n";
	printf(fmt, 1);
}
