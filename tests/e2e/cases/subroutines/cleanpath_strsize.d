/* ARGS: -q -x strsize=16 -s @SCRIPT@ */
/*
 * cleanpath() at strsize 16: illumos stops where fewer than 5 bytes would
 * be left (so at most 11 characters come out of a step that starts
 * there). Results that shrank compare equal to the short string and make
 * the same aggregation key (the bytes past the end are zeros).
 */
BEGIN
{
	printf("[%s]\n", cleanpath("/aaaa/bbbb/cccc/dddd"));
	printf("[%s]\n", cleanpath("/a/b/../c/d/e/f/g"));
	printf("%d\n", cleanpath("/a/bbbbbbb/..") == "/a/");
	@[cleanpath("/a/bbbbbbb/..")] = count();
	@[cleanpath("/a//")] = count();
	@[cleanpath("/a/")] = count();
	exit(0);
}

END
{
	printa("[%s] %@d\n", @);
}
