/* ARGS: -q -s @SCRIPT@ */
/*
 * substr(s, index [, length]) by DTrace's rules: a negative index counts
 * from the end, and if it is still before the start the part before the
 * start comes off the length (none left: ""; without a length, which
 * counts as strsize, the whole string); an index at or past the end
 * gives ""; a negative length leaves that many characters off the end; a
 * length past the end stops at the end.
 */
BEGIN
{
	s = "hello";
	printf("\"%s\" \"%s\" \"%s\" \"%s\"\n", substr(s, 0), substr(s, 1), substr(s, 4), substr(s, 5));
	printf("\"%s\" \"%s\" \"%s\"\n", substr(s, 9), substr(s, 1, 2), substr(s, 2, 100));
	printf("\"%s\" \"%s\" \"%s\"\n", substr(s, -3), substr(s, -5), substr(s, -9));
	printf("\"%s\" \"%s\" \"%s\"\n", substr(s, -3, -1), substr(s, -6, 2), substr(s, -8, 2));
	printf("\"%s\" \"%s\" \"%s\"\n", substr(s, 0, -4), substr(s, 0, -5), substr(s, 1, -9));
	printf("\"%s\" \"%s\" \"%s\"\n", substr(s, 1, 0), substr("", 0), substr("", -1, 1));
	i = -2;
	n = 1;
	printf("\"%s\" %d\n", substr(s, i, n), substr(s, 1, 3) == "ell");
	exit(0);
}
