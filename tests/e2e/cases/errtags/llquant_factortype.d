/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	@a = llquantize(1, timestamp, 0, 6, 20);
}
