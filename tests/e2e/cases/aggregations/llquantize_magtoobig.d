/* factor^(high + 2) must fit in 64 bits, as DTrace checks: this one once
   compiled and then hung computing its buckets (issue 7). */
BEGIN
{
	@ = llquantize(1, 10, 0, 18, 10);
	exit(0);
}
