/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	normalize(@a, 2);
}
