/* ARGS: -q -x strsize=1024 -s @SCRIPT@ */
/*
 * The verifier walks the byte loops once per byte of the string type, so
 * a large strsize makes them longer but not more numerous: ten string
 * subroutine calls in one clause load with 1 KiB strings (on 6.1 too).
 * Not larger: each result takes its own scratch, 32 KiB per clause.
 */
BEGIN
{
	p = "/usr/share/doc/dtrace/README";
	printf("%s %s %s %s\n", basename(p), dirname(p), basename(dirname(p)),
	    dirname(dirname(p)));
	printf("%s %s\n", strjoin(dirname(p), strjoin("/", basename(p))),
	    strjoin(lltostr(2048), lltostr(-2048, 16)));
	exit(0);
}
