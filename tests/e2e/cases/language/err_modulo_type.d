/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	x = "abc" % 2;
}
