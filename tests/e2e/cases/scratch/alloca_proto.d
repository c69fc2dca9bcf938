/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	p = alloca("eight");
}
