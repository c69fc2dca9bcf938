/* ARGS: -q -x strsize=4 -s @SCRIPT@ */
BEGIN
{
	printf("[%s]\n", "abcdefgh");
	exit(0);
}
