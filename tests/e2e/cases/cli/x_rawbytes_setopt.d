/* ARGS: -q -x strsize=16 -s @SCRIPT@ */
/* rawbytes is dynamic: setopt() turns it on and off while tracing. */
BEGIN
{
	trace("plain");
	printf("\n");
	setopt("rawbytes");
	trace("raw");
	setopt("rawbytes", "no");
	trace("plain again");
	printf("\n");
	exit(0);
}
