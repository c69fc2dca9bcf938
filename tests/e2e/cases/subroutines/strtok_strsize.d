/* ARGS: -q -x strsize=16 -s @SCRIPT@ */
/* A string that fills strsize (15 characters): one token, then none. */
BEGIN
{
	s = "abcdefghijklmno";
	printf("[%s]", strtok(s, "x"));
	printf("[%s]", strtok(NULL, "x"));
	printf("[%s]", strtok(s, "o"));
	printf("[%s]\n", strtok("   abcdefghijkl", " "));
	exit(0);
}
