/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	printf("%d\n", "one");
}
