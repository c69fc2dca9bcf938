# Every aggregating function in JSON: at exit, one document per aggregation
# not printed yet, {"aggregation-name", "aggregation-data": [{"keys", <value>}]},
# the value's key the function's name (count, sum, avg, min, max, stddev),
# the quantize family's rows as "buckets" [{"value", "count"}] (the rows the
# text shows; lquantize's and llquantize's out-of-range rows marked
# "underflow"/"overflow"). Entries in printing order (by value), keys as
# numbers and strings. printa() puts the same objects in its record's output,
# after the formatted text (a "message") when it has a format.
"$DTRACE" -q -x oformat=json -n '
BEGIN {
	@c["b"] = count(); @c["a"] = count(); @c["a"] = count();
	@s[1, "x"] = sum(-5); @s[2, "y"] = sum(10);
	@a = avg(3); @a = avg(4);
	@mn = min(9); @mn = min(-2);
	@mx = max(9); @mx = max(-2);
	@sd = stddev(2); @sd = stddev(4); @sd = stddev(6);
	@q = quantize(0); @q = quantize(5); @q = quantize(5); @q = quantize(1000);
	@lq = lquantize(-3, 0, 10, 5); @lq = lquantize(7, 0, 10, 5); @lq = lquantize(12, 0, 10, 5);
	@llq = llquantize(50, 10, 0, 2, 10); @llq = llquantize(5000, 10, 0, 2, 10);
	@p = count();
	exit(0);
}
END {
	printa(@p);
	printa("%@d calls\n", @p);
}' >out
status=$?
python3 -m json.tool --json-lines <out >/dev/null || echo "json.tool refused the output"
python3 "$CASE_DIR/jsonl.py" <out
exit "$status"
