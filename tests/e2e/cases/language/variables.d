/* ARGS: -q -s @SCRIPT@ */
/* Globals keep their value across clauses; this-> is per clause firing. */
BEGIN
{
	g = 41;
	this->x = 5;
	this->y = this->x * 2;
	printf("%d\n", this->y);
}

BEGIN
{
	g++;
	printf("%d\n", g);
	a["x", 1] = 10;
	a["y", 2] = 20;
	printf("%d %d %d\n", a["x", 1], a["y", 2], a["x", 2]);
	n[3] = "three";
	printf("%s\n", n[3]);
	exit(0);
}
