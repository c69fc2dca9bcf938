/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	trace(sizeof (void));
	exit(0);
}
