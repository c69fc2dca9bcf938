/* ARGS: -xerrtags -s @SCRIPT@ */
/* Messages keep the D library's type names. */
BEGIN
{
	dev = (dev_t)1;
	dev = execname;
}
