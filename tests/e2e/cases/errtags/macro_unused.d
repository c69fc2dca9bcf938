/* ARGS: -xerrtags -s @SCRIPT@ 1 2 */
BEGIN
{
	trace($1);
}
