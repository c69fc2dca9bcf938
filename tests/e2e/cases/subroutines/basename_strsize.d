/* ARGS: -q -x strsize=16 -s @SCRIPT@ */
/*
 * With strsize=16 a string holds 15 characters: the 25-character literal
 * is cut to "/usr/lib/x86_64" before basename() and dirname() see it, and
 * 15-character paths use the whole buffer.
 */
BEGIN
{
	printf("\"%s\" \"%s\"\n", basename("/usr/lib/x86_64-linux-gnu"), dirname("/usr/lib/x86_64-linux-gnu"));
	s = "abcdefghijklmno";
	printf("\"%s\" \"%s\" %d\n", basename(s), dirname(s), basename(s) == s);
	s = "/bcdefghijklmno";
	printf("\"%s\" \"%s\"\n", basename(s), dirname(s));
	s = "abcdefghijklmn/";
	printf("\"%s\" \"%s\"\n", basename(s), dirname(s));
	s = "a/cdefghijklmno";
	printf("\"%s\" \"%s\"\n", basename(s), dirname(s));
	exit(0);
}
