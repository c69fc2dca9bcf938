/* ARGS: -q -s @SCRIPT@ */
BEGIN
{
	@q["big"] = quantize(1000);
	@q["small"] = quantize(0);
	exit(0);
}
