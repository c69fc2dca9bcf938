/* ARGS: -C -s @SCRIPT@ */
#define MAX(a, b) ((a) > (b) ? (a) : (b))
BEGIN
{
	trace(MAX(1));
}
