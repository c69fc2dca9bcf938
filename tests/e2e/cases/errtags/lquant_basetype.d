/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	@a = lquantize(1, timestamp, 10);
}
