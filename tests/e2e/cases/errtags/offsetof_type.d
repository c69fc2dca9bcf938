/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	trace(offsetof(int, x));
}
