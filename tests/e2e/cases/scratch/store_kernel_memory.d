/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	p = (char *)arg0;
	p[0] = 1;
}
