/* ARGS: -q -x strsize=16 -s @SCRIPT@ */
/* A string that fills strsize (15 characters): its last ones and beyond. */
BEGIN
{
	s = "abcdefghijklmno";
	printf("\"%s\" \"%s\" \"%s\" \"%s\"\n", substr(s, 0), substr(s, 14), substr(s, 15), substr(s, -1));
	printf("\"%s\" \"%s\"\n", substr(s, 10, 1000), substr(s, -15, -14));
	exit(0);
}
