/* ARGS: -w -xerrtags -s @SCRIPT@ */
BEGIN
{
	freopen(".");
	exit(0);
}
