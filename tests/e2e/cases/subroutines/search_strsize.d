/* ARGS: -q -x strsize=16 -s @SCRIPT@ */
/* A string that fills strsize (15 characters): its last ones and beyond. */
BEGIN
{
	s = "abcdefghijklmno";
	printf("%d %d %d %d %d\n", index(s, "o"), rindex(s, "a"), index(s, "mno"), rindex(s, ""),
	    index(s, s));
	printf("[%s] [%s] [%s] [%s]\n", strstr(s, "no"), strchr(s, 'o'), strrchr(s, 'a'),
	    strstr(s, s));
	printf("%d\n", strtoll("123456789012345"));
	exit(0);
}
