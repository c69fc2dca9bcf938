/* ARGS: -q -s @SCRIPT@ */
/* tick-100hz fires about 50 times in half a second, on one CPU at a time. */
BEGIN { start = timestamp; n = 0; }
tick-100hz { n++; }
tick-500ms
{
	printf("%d %d\n", n >= 35 && n <= 55, timestamp - start >= 450000000);
	exit(0);
}
