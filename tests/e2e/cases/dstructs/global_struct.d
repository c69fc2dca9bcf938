/* ARGS: -q -s @SCRIPT@ */
/* A global struct variable: members start zero, are written and read in
   place (an int, a negative short, a 64-bit value, a nested struct's
   member), updated with ++ and op=, and the whole struct copies to another
   variable of its type without the copy sharing its storage. */
struct inner {
	int a;
	short b;
};

struct pt {
	char c;
	struct inner in;
	long big;
};

struct pt p, q;

BEGIN
{
	printf("zero: %d %d %d %d\n", p.c, p.in.a, p.in.b, p.big);
	p.c = 'x';
	p.in.a = 10;
	p.in.b = -3;
	p.big = 1234567890123;
	p.in.a++;
	p.big += 7;
	printf("p: %c %d %d %d\n", p.c, p.in.a, p.in.b, p.big);
	q = p;
	q.in.a = 99;
	printf("q: %c %d %d %d\n", q.c, q.in.a, q.in.b, q.big);
	printf("p.in.a still %d\n", p.in.a);
}

BEGIN
{
	trace(p.in.a + q.in.a);
	exit(0);
}
