/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	stack("x");
}
