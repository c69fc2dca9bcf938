/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	p = (char *)alloca(8);
	*p = "x";
}
