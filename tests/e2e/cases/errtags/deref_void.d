/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	trace(*(void *)0);
}
