/* ARGS: -q -s @SCRIPT@ */
BEGIN
{
	a = 5;
	a += 3; printf("%d ", a);
	a -= 1; printf("%d ", a);
	a *= 2; printf("%d ", a);
	a /= 3; printf("%d ", a);
	a %= 3; printf("%d ", a);
	a <<= 4; printf("%d ", a);
	a >>= 1; printf("%d ", a);
	a |= 3; printf("%d ", a);
	a &= 6; printf("%d ", a);
	a ^= 7; printf("%d\n", a);
	b = a++; printf("%d %d\n", b, a);
	b = ++a; printf("%d %d\n", b, a);
	b = a--; printf("%d %d\n", b, a);
	b = --a; printf("%d %d\n", b, a);
	printf("%s %d\n", a > 3 ? "big" : "small", a < 3 ? 10 : 20);
	printf("%d\n", a == 5 ? a == 4 ? 1 : 2 : 3);
	exit(0);
}
