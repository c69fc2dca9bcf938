/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	printf("%d\n", 1, 2);
}
