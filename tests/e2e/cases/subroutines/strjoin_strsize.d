/* ARGS: -q -x strsize=16 -s @SCRIPT@ */
/* The join is cut to strsize - 1 = 15 characters, wherever the cut falls. */
BEGIN
{
	a = "abcdefghij";
	b = "klmnopqrst";
	printf("\"%s\"\n", strjoin(a, b));
	printf("\"%s\"\n", strjoin(b, a));
	printf("\"%s\"\n", strjoin("abcdefghijklmno", "z"));
	printf("\"%s\"\n", strjoin("z", "abcdefghijklmno"));
	printf("\"%s\"\n", strjoin("abcdefghijklmn", "z"));
	printf("%d\n", strjoin(a, b) == "abcdefghijklmno");
	exit(0);
}
