/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	@a = llquantize(1, 10, timestamp, 6, 20);
}
