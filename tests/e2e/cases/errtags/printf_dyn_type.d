/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	printf("%*d\n", "w", 1);
}
