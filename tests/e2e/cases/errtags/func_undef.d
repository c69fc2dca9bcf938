/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	nosuchfunction(1);
	exit(0);
}
