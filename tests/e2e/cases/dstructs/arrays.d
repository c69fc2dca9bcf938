/* ARGS: -q -s @SCRIPT@ */
/* Arrays as D variables: a global, a thread-local and a clause-local
   array, an array of structs and an array inside a struct, indexed by
   constants and by values only known when the clause runs. */
struct slot {
	int id;
	unsigned char tag[4];
};

int a[5];
self long s[3];
this short t[4];
struct slot slots[2];

BEGIN
{
	a[2] = 7;
	a[4]++;
	i = 3;
	a[i] = a[2] * 2;
	printf("a: %d %d %d %d %d\n", a[0], a[1], a[2], a[3], a[4]);
	self->s[i - 1] = -9;
	this->t[i] = 300;
	printf("self: %d %d, this: %d %d\n", self->s[2], self->s[0], this->t[3], this->t[0]);
	slots[1].id = 42;
	slots[1].tag[i] = 255;
	slots[i - 3].tag[0] = 1;
	printf("slots: %d %d %d %d\n", slots[1].id, slots[1].tag[3], slots[0].tag[0], slots[0].id);
	exit(0);
}
