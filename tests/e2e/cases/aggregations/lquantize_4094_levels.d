/* ARGS: -q -s @SCRIPT@ */
/* The largest lquantize() a per-CPU map value holds: 4094 levels. Its step
   may be left out (1, as in DTrace). */
BEGIN
{
	@ = lquantize(4093, 0, 4094);
	@ = lquantize(4093, 0, 4094);
	@ = lquantize(99999, 0, 4094);
	exit(0);
}
