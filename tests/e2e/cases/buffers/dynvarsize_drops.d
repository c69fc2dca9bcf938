/* ARGS: -q -x dynvarsize=160 -s @SCRIPT@ */
/*
 * dynvarsize bounds each dynamic variable's map: 160 bytes hold ten elements
 * of an 8-byte key and an 8-byte value. Of twenty stores into new elements
 * of a[] ten find no room and are counted as DTrace counts them, and the
 * count is reported once at exit. Reading an element that was never stored
 * gives 0.
 */
tick-1ms
/n < 20/
{
	a[n] = n + 1;
	n++;
}

tick-1ms
/n == 20/
{
	exit(0);
}

END
{
	printf("%d %d %d %d\n", a[0], a[9], a[10], a[19]);
}
