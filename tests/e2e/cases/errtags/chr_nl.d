/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	x = 'a
';
}
