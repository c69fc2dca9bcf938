/* ARGS: -q -s @SCRIPT@ one */
/* Without defaultargs the same program is refused: $2 was not given. */
BEGIN
{
	printf("[%s] [%d] [%s]\n", $$1, $2, $$3);
	exit(0);
}
