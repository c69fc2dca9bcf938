/* ARGS: -q -s @SCRIPT@ */
/*
 * index() and rindex() by DTrace's (illumos) rules: zero-based positions,
 * -1 when not found; index() clamps a negative start to 0, rindex() a
 * start past the end to the length; an empty pattern matches at the start
 * clamped to 0..strlen(s), and an empty pattern in an empty string at 0.
 */
BEGIN
{
	s = "abcabc";
	printf("%d %d %d %d %d %d %d %d\n", index(s, "bc"), rindex(s, "bc"), index(s, "bc", 2),
	    index(s, "bc", 4), index(s, "bc", 5), index(s, "bc", -3), index(s, "bc", 6),
	    index(s, "bc", 100));
	printf("%d %d %d %d %d %d\n", rindex(s, "bc", 3), rindex(s, "bc", 4), rindex(s, "bc", 0),
	    rindex(s, "ab", 0), rindex(s, "bc", -1), rindex(s, "bc", 100));
	printf("%d %d %d %d %d %d %d %d %d\n", index(s, ""), rindex(s, ""), index(s, "", 3),
	    index(s, "", -2), index(s, "", 6), index(s, "", 9), rindex(s, "", 3), rindex(s, "", -1),
	    rindex(s, "", 9));
	printf("%d %d %d %d %d %d\n", index("", ""), rindex("", ""), index("", "", 5),
	    rindex("", "", -5), index("", "a"), rindex("", "a"));
	printf("%d %d %d %d %d\n", index(s, "abcabcd"), index(s, "abcabc"), rindex(s, "abcabc"),
	    index(s, "cab"), index(s, "x"));
	i = 2;
	t = "a";
	printf("%d %d %d %d\n", index("aaaa", "aa"), rindex("aaaa", "aa"), index(s, t, i),
	    rindex(s, t, i));
	exit(0);
}
