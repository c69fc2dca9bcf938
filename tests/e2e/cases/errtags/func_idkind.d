/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	trace(timestamp(1));
	exit(0);
}
