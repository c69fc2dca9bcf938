/* ARGS: -C -s @SCRIPT@ */
/* A D error names the script's own line, whatever the preprocessor
   removed or joined before it. */
#define TWICE(x) \
	((x) * 2)
/*
 * A comment over
 * several lines.
 */
#if 0
skipped
#endif
BEGIN
{
	x = TWICE(
	    1);
	y = ;
}
