/* ARGS: -q -s @SCRIPT@ */
/* Exit-time output: every aggregation in order of first use, no blank line
   between them; entries sorted by value. */
BEGIN
{
	@count["b"] = count(); @count["a"] = count(); @count["b"] = count();
	@sum["x"] = sum(10); @sum["x"] = sum(5);
	@avg["v"] = avg(1); @avg["v"] = avg(2); @avg["v"] = avg(4);
	@min["v"] = min(7); @min["v"] = min(-3); @min["v"] = min(5);
	@max["v"] = max(7); @max["v"] = max(-3); @max["v"] = max(5);
	@sd["v"] = stddev(2); @sd["v"] = stddev(4); @sd["v"] = stddev(4); @sd["v"] = stddev(4);
	@sd["v"] = stddev(5); @sd["v"] = stddev(5); @sd["v"] = stddev(7); @sd["v"] = stddev(9);
	exit(0);
}
