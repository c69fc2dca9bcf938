/* ARGS: -q -s @SCRIPT@ */
BEGIN
{
	@l = lquantize(1, 0, 10, 2);
	@l = lquantize(3, 0, 10, 2);
	@l = lquantize(3, 0, 10, 2);
	@l = lquantize(5, 0, 10, 2);
	exit(0);
}
