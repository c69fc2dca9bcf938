/* ARGS: -q -x strsize=16 -s @SCRIPT@ */
/*
 * Only the ASCII letters change; the characters just outside 'a'-'z' and
 * 'A'-'Z' ('`', '{', '@', '[') do not. strsize=16: a 15-character string
 * fills the buffer, a longer literal is cut first.
 */
BEGIN
{
	printf("\"%s\" \"%s\"\n", toupper("Hello, World!"), tolower("Hello, World!"));
	printf("\"%s\" \"%s\"\n", toupper("`az{@AZ["), tolower("`az{@AZ["));
	printf("\"%s\" \"%s\"\n", toupper(""), tolower(execname));
	printf("\"%s\" \"%s\"\n", toupper("abcdefghijklmno"), tolower("ABCDEFGHIJKLMNOPQRSTUVWXYZ"));
	printf("%d %d\n", toupper("abc") == "ABC", tolower(toupper("MiXeD")) == "mixed");
	exit(0);
}
