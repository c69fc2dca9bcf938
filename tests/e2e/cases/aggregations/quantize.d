/* ARGS: -q -s @SCRIPT@ */
BEGIN
{
	@q = quantize(1);
	@q = quantize(2);
	@q = quantize(3);
	@q = quantize(3);
	exit(0);
}
