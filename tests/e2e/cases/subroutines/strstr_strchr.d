/* ARGS: -q -s @SCRIPT@ */
/*
 * strchr(), strrchr() and strstr(): the rest of the string from the
 * first (last) match; the NUL counts as a character, so strchr(s, 0) is
 * "". DTrace returns NULL when there is no match; here a string is a
 * value, and that is "".
 */
BEGIN
{
	str = "fooeyfooeyfoo";
	printf("[%s] [%s] [%s] [%s]\n", strchr(str, 'f'), strrchr(str, 'f'), strchr(str, 'y'),
	    strrchr(str, 'y'));
	printf("[%s] [%s] [%s] [%s] [%s]\n", strrchr(strchr(str, 'y'), 'y'), strchr(str, 'z'),
	    strchr(str, 0), strrchr(str, 0), strchr("", 'a'));
	printf("[%s] [%s] [%s] [%s]\n", strstr(str, "ey"), strstr(str, "foo"), strstr(str, "xyz"),
	    strstr(str, ""));
	printf("[%s] [%s] [%s] %d\n", strstr("", ""), strstr("", "a"), strstr(str, "fooeyfooeyfoox"),
	    strstr(str, "ey") == "eyfooeyfoo");
	exit(0);
}
