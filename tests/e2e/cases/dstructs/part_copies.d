/* ARGS: -q -s @SCRIPT@ */
/* A struct member that is itself a struct (12 bytes, at the end of its
   16-byte container, an associative array's value) copied whole into
   variables of its type in every scope, and into another struct's member:
   exactly its bytes move (never the 4 past the container's end), and the
   member next to the destination is left alone. */
struct in {
	int a;
	int b;
	int c;
};

struct pt {
	int z;
	struct in i;
};

struct box {
	struct in i;
	int after;
};

struct pt p[int];
struct in g;
self struct in s;
this struct in t;
struct in m[int];
struct box bx;

BEGIN
{
	p[1].i.a = 1;
	p[1].i.b = 2;
	p[1].i.c = 3;
	bx.after = 77;
	g = p[1].i;
	self->s = p[1].i;
	this->t = p[1].i;
	m[0] = p[1].i;
	bx.i = p[1].i;
	printf("%d %d %d %d %d %d\n", g.c, self->s.c, this->t.c, m[0].c, bx.i.c, bx.after);
	exit(0);
}
