/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	@a = lquantize(1, 0, 10, 2);
	@a = lquantize(1, 0, 20, 2);
}
