/* ARGS: -q -s @SCRIPT@ */
/* print() of a struct and an array held in D variables, as print() shows
   kernel objects (with -q a struct's closing brace has no newline); a
   kernel type from BTF as a variable's type; a union, bit-fields and a
   char array read as a string. */
struct pt {
	int x;
	int y;
};

union word {
	int i;
	unsigned char c[4];
};

struct flags {
	unsigned lo:3;
	unsigned hi:5;
	char name[8];
};

struct pt p;
int a[3];
struct timespec64 ts;
union word w;
struct flags f;

BEGIN
{
	p.y = 3;
	print(p);
	printf("\n");
	a[1] = 5;
	print(a);
	ts.tv_sec = 5;
	ts.tv_nsec = 6;
	printf("%d %d\n", ts.tv_sec, ts.tv_nsec);
	w.i = 0x41424344;
	printf("%x %x %x\n", w.i, w.c[0], w.c[3]);
	f.lo = 9;
	f.hi = 17;
	f.hi++;
	f.name[0] = 'h';
	f.name[1] = 'i';
	printf("%d %d %s\n", f.lo, f.hi, f.name);
	exit(0);
}
