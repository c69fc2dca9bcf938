/* ARGS: -q -s @SCRIPT@ */
/*
 * strtok() as illumos' DTrace: the delimiters are skipped, the token runs
 * to the next one; strtok(NULL, delim) goes on from the delimiter that
 * ended the last token, across the clauses of one firing, and with other
 * delimiters if given. No token: DTrace's NULL, here "". A new firing
 * starts with nothing to go on from.
 */
BEGIN
{
	s = "  foo, bar,,baz ";
	printf("[%s]", strtok(s, ", "));
	printf("[%s]", strtok(NULL, ", "));
	printf("[%s]", strtok(NULL, ", "));
	printf("[%s]", strtok(NULL, ", "));
	printf("[%s]\n", strtok(NULL, ", "));
	printf("[%s] [%s] [%s] [%s]\n", strtok("", ","), strtok(",,,", ","), strtok("abc", ""),
	    strtok("abc", "xyz"));
	printf("[%s]", strtok("a=b;c", "="));
	printf("[%s]", strtok(NULL, ";"));
	printf("[%s]\n", strtok(NULL, ""));
	x = strtok("one two three", " ");
}

BEGIN
{
	printf("[%s] [%s]\n", x, strtok(NULL, " "));
}

END
{
	printf("[%s]\n", strtok(NULL, " "));
}

BEGIN
{
	exit(0);
}
