/* ARGS: -xerrtags -s @SCRIPT@ */
#pragma D option amin=stable/stable/common
dtrace:::BEGIN
/probemod == ""/
{
	exit(0);
}
