/* ARGS: -q -s @SCRIPT@ */
/* An id past nspec is an illegal operation, as in DTrace. */
BEGIN
{
	speculate(2);
	printf("never shown\n");
}

BEGIN
{
	exit(0);
}
