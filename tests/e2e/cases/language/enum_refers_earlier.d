/* ARGS: -q -s @SCRIPT@ */
/* An enumerator's value may name an earlier enumerator of the same enum,
   or of an enum declared before it, as in C and DTrace. */
enum colour { RED = 1, GREEN = RED + 2, BLUE, WHITE = GREEN * 10 };
enum shade { DARK = WHITE + 1, LIGHT };

BEGIN
{
	printf("%d %d %d %d %d %d\n", RED, GREEN, BLUE, WHITE, DARK, LIGHT);
	exit(0);
}
