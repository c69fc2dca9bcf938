/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	printf("%d", *curthread);
}
