/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	(1)(2);
}
