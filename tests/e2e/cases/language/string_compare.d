/* ARGS: -q -s @SCRIPT@ */
/* The relational operators compare strings byte by byte, as strcmp does. */
BEGIN
{
	s = "abc";
	printf("%d %d %d %d\n", s < "abd", s > "abd", s <= "abc", s >= "abcd");
	printf("%d %d %d %d\n", "b" > "abcdef", "" < "a", s == "abc", s != "abc");
	printf("%d %d\n", execname == "dtrace", execname < "e");
	exit(0);
}
