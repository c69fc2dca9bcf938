/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
/ *curthread /
{
	exit(0);
}
