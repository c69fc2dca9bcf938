/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	ustack(0);
}
