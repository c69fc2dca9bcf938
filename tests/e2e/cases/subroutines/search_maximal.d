/* ARGS: -q -s @SCRIPT@ */
/*
 * Strings of strsize - 1 (255) characters, and patterns that cross the
 * 64-character words of the search: 83, 254 and 255 characters.
 */
BEGIN
{
	a = "abcdefghij";
	b = strjoin(a, a);
	c = strjoin(b, b);
	d = strjoin(c, c);
	e = strjoin(d, d);
	f = strjoin(e, d);
	g = strjoin(f, "XYZ0123456789ab");
	printf("%d %d %d %d\n", strlen(g), index(g, "XYZ"), index(g, strjoin(d, "XYZ")), rindex(g, a));
	printf("%d %d %d %d\n", index(g, strjoin(f, "XYZ0123456789a")), index(g, g), rindex(g, g),
	    rindex(g, "b", 254));
	printf("%d %d %d\n", index(g, "", 300), rindex(g, ""), index(a, g));
	printf("[%s] [%s] [%s]\n", strstr(g, "9ab"), strrchr(g, 'j'), strchr(g, 'X'));
	printf("%d\n", strstr(g, "abc") == g);
	exit(0);
}
