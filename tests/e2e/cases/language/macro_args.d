/* ARGS: -q -s @SCRIPT@ hello 7 */
BEGIN
{
	printf("%s %d %s %d\n", $$1, $2 * 2, $$2, $pid == pid);
	exit(0);
}
