/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	trace(!*curthread);
}
