/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	@a = llquantize(1, 10, 70000, 6, 20);
}
