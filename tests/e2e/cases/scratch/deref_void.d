/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	p = alloca(8);
	*p = 1;
}
