/* ARGS: -q -s @SCRIPT@ */
BEGIN
{
	printf("exiting\n");
	exit(3);
}
