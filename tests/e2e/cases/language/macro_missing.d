/* ARGS: -q -s @SCRIPT@ */
BEGIN
{
	trace($1);
	exit(0);
}
