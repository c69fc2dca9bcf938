/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	print((void)0);
}
