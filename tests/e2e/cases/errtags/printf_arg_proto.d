/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	printf("%d %d\n", 1);
}
