/* ARGS: -q -s @SCRIPT@ */
/*
 * s[i] of a D string is its character i, a char: of a variable, a
 * built-in, a literal, an associative array's value. Past the string's
 * end it reads the NUL padding, and so does an index past its storage.
 */
BEGIN
{
	s = "hello";
	names[1] = "world";
	i = 4;
	printf("%c%c%c %c%c\n", s[0], s[1], s[i], names[1][0], names[1][4]);
	printf("%c%c %d\n", execname[0], "xyz"[2], s[1] == 'e');
	printf("%d %d %d\n", s[5], s[300], s[-1]);
	c = s[1];
	printf("%d\n", sizeof (c));
	exit(0);
}
