/* ARGS: -q -s @SCRIPT@ */
/*
 * strtoll() by DTrace's (illumos) rules: leading spaces and tabs, one
 * sign, in base 16 a "0x"/"0X" followed by a hex digit, then the digits
 * of the base (letters of either case past 9) up to the first other
 * byte; no digits is 0; the value wraps on overflow.
 */
BEGIN
{
	printf("%d %d %d %d %d %d\n", strtoll("123"), strtoll(" \t-42x"), strtoll("+7"),
	    strtoll("0x1f", 16), strtoll("0X1F", 16), strtoll("1f", 16));
	printf("%d %d %d %d %d %d\n", strtoll("0x", 16), strtoll("0xg", 16), strtoll("0x1f"),
	    strtoll("zZ", 36), strtoll("101", 2), strtoll("102", 2));
	printf("%d %d %d %d %d %d\n", strtoll("777", 8), strtoll(""), strtoll("abc"), strtoll("-"),
	    strtoll(" - 5"), strtoll("\n5"));
	printf("%d %d %d\n", strtoll("9223372036854775807"), strtoll("-9223372036854775808"),
	    strtoll("18446744073709551617"));
	base = 3;
	printf("%d %d %d\n", strtoll("-0x10", 16), strtoll("12", base), strtoll("0010"));
	exit(0);
}
