/* ARGS: -q -x defaultargs -s @SCRIPT@ one */
/* -x defaultargs: a macro argument that was not given is 0 ($N) or ""
   ($$N) instead of an error; one that was given keeps its value. */
BEGIN
{
	printf("[%s] [%d] [%s]\n", $$1, $2, $$3);
	exit(0);
}
