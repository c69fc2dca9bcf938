/* ARGS: -q -s @SCRIPT@ */
/* comment before the clause */
BEGIN
{
	/* integer literals: hex, octal, character, suffixed */
	printf("%d %d %d %d %d %d\n", 0x1F, 017, 'A', '\n', 10u, 5LL);
	printf("[tab\there] [back\\slash] [quote\"] [octal\101] [hex\x42]\n");
	printf("%s|\n", "a\tb");
	exit(0); /* trailing comment */
}
