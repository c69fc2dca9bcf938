/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	@a = llquantize(1, 70000, 0, 6, 20);
}
