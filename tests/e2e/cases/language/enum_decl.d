/* ARGS: -q -s @SCRIPT@ */
/* D enum declarations: their names are integer constants, their type prints by name. */
enum color { RED, GREEN = 5, BLUE };
struct pixel { enum color c; int x; };
BEGIN
{
	printf("%d %d %d %d\n", RED, GREEN, BLUE, sizeof (enum color));
	this->c = BLUE;
	printf("%d\n", this->c == BLUE);
	print((enum color)5);
	exit(0);
}
