/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	trace($1);
}
