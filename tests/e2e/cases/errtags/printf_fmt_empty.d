/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	printf("");
}
