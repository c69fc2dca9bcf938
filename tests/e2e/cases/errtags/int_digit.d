/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	x = 0189;
}
