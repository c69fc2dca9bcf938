/* ARGS: -q -s @SCRIPT@ */
BEGIN
{
	printf("\"%s\" \"%s\" \"%s\" \"%s\"\n", strjoin("abc", "def"), strjoin("", ""),
	    strjoin("a", ""), strjoin("", "b"));
	printf("\"%s\"\n", strjoin(strjoin("a", "b"), strjoin("c", strjoin("d", "e"))));
	x = "dtrace";
	printf("\"%s\" %d\n", strjoin(execname, strjoin(" is ", x)), strjoin(x, "") == x);
	/* the result is zero padded: equal joins make equal strings and keys */
	printf("%d %d\n", strjoin("ab", "c") == strjoin("a", "bc"), strjoin("ab", "c") < "abd");
	@[strjoin("ab", "c")] = count();
	@[strjoin("a", "bc")] = count();
	@[strjoin("abc", "")] = count();
	printa("%s %@d\n", @);
	exit(0);
}
