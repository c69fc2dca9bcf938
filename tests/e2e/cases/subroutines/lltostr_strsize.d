/* ARGS: -q -s @SCRIPT@ */
/* The Dynamic Tracing Guide's example: the string is cut to 7 characters. */
#pragma D option strsize=7

BEGIN
{
	printf("%s\n", lltostr(1234567890));
	exit(0);
}
