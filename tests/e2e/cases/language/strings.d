/* ARGS: -q -s @SCRIPT@ */
BEGIN
{
	s = "abc";
	printf("%d %d %d %d\n", s == "abc", s != "abc", s < "abd", "b" > s);
	printf("%d %d %d\n", "abc" <= "abc", "" < "a", strlen(s));
	printf("%d\n", execname == "dtrace");
	exit(0);
}
