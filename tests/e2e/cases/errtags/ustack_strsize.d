/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	ustack(5, timestamp);
}
