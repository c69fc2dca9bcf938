/* ARGS: -xerrtags -s @SCRIPT@ */
/* x has pid's type, which messages call by its D name. */
BEGIN
{
	x = pid;
	x = execname;
}
