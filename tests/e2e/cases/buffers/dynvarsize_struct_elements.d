/* ARGS: -q -x dynvarsize=100 -s @SCRIPT@ */
/*
 * A store to a member of a struct held in an associative array makes the
 * element first; when the map is full that fails, is counted, and the store
 * is skipped. An 8-byte key and an 8-byte struct: 100 bytes hold six
 * elements, so four of ten stores are lost.
 */
struct s {
	int x;
	int y;
};

struct s st[int];

tick-1ms
/n < 10/
{
	st[n].x = n + 1;
	n++;
}

tick-1ms
/n == 10/
{
	exit(0);
}

END
{
	printf("%d %d %d\n", st[0].x, st[5].x, st[9].x);
}
