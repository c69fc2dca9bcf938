/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	bcopy(0, alloca(8));
}
