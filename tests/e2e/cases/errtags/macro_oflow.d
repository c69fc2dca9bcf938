/* ARGS: -xerrtags -s @SCRIPT@ 99999999999999999999999 */
BEGIN
{
	trace($1);
}
