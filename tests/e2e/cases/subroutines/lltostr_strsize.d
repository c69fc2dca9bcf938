/* ARGS: -q -s @SCRIPT@ */
/*
 * The Guide's lltostr() example with strsize=7. A string of strsize bytes
 * holds strsize - 1 characters and its NUL (as with strsize=16 in
 * basename_strsize.d), so 6 digits remain, though storage is 8 bytes.
 */
#pragma D option strsize=7

BEGIN
{
	printf("%s\n", lltostr(1234567890));
	exit(0);
}
