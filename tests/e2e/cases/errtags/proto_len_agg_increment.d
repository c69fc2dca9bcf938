/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	@a = quantize(1, 2, 3);
}
