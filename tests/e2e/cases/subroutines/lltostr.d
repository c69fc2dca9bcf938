/* ARGS: -q -s @SCRIPT@ */
/*
 * lltostr() as DTrace writes numbers: base 10 is signed, other bases show
 * the unsigned 64-bit value; base 16 starts with "0x", base 8 with "0"
 * (zero is "0x0" and "0"), digits past 9 are lower-case letters.
 */
BEGIN
{
	printf("%s %s %s\n", lltostr(0), lltostr(1), lltostr(-1));
	printf("%s %s\n", lltostr(123456789), lltostr(-123456789));
	printf("%s %s\n", lltostr(1LL << 62), lltostr(-(1LL << 62)));
	x = 0x7fffffffffffffff;
	printf("%s %s\n", lltostr(x), lltostr(-x - 1));
	printf("%s %s %s %s\n", lltostr(255, 16), lltostr(0, 16), lltostr(-8, 16), lltostr(-1, 16));
	printf("%s %s %s\n", lltostr(8, 8), lltostr(0, 8), lltostr(-1, 8));
	printf("%s %s %s\n", lltostr(5, 2), lltostr(0, 2), lltostr(-1, 2));
	printf("%s %s %s %s\n", lltostr(35, 36), lltostr(36, 36), lltostr(-5, 10), lltostr(255, 10));
	b = 16;
	printf("%s %d\n", lltostr(4096, b), lltostr(42) == "42");
	exit(0);
}
