/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	x = 1;
	trace(*x);
}
