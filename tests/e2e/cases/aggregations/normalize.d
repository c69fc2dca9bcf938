/* ARGS: -q -s @SCRIPT@ */
/*
 * normalize(@, n) divides what printa() and the exit printing show by n,
 * for every aggregating function: count 4/2, sum 1500/10, min 300/100,
 * max 700/100, avg (100, 301) as illumos computes it (401/10/2 = 20),
 * stddev (2, 6) by 2 (1), and the counts of quantize, lquantize and
 * llquantize tables (their bars stay those of the raw counts).
 * denormalize(@) undoes it. %@ takes widths and flags.
 */
BEGIN
{
	@c = count(); @c = count(); @c = count(); @c = count();
	@s = sum(1000); @s = sum(500);
	@mn = min(300); @mn = min(700);
	@mx = max(300); @mx = max(700);
	@a = avg(100); @a = avg(301);
	@sd = stddev(2); @sd = stddev(6);
	@q = quantize(1); @q = quantize(1); @q = quantize(1); @q = quantize(1);
	@q = quantize(8); @q = quantize(8);
	@l = lquantize(3, 0, 10, 1); @l = lquantize(3, 0, 10, 1); @l = lquantize(3, 0, 10, 1);
	@ll = llquantize(5, 10, 0, 2, 10); @ll = llquantize(5, 10, 0, 2, 10);
	@d = count(); @d = count(); @d = count();
	printa("before %@d %@d %@d %@d\n", @c, @s, @mn, @mx);
	normalize(@c, 2);
	normalize(@s, 10);
	normalize(@mn, 100);
	normalize(@mx, 100);
	normalize(@a, 10);
	normalize(@sd, 2);
	normalize(@q, 2);
	normalize(@l, 3);
	normalize(@ll, 2);
	normalize(@d, 3);
	denormalize(@d);
	printa("after %@d %@d %@d %@d\n", @c, @s, @mn, @mx);
	printa("[%5@d][%-5@d][%05@d][%@x]\n", @c, @c, @s, @s);
	exit(0);
}
