/* ARGS: -q -s @SCRIPT@ -c @PROGS@/memwrite */
/*
 * trace() of an int array and of structs and unions records the object's
 * bytes and prints them as DTrace prints a record by its size: 1, 2, 4 or
 * 8 bytes as the integer they make, other sizes as a string if the bytes
 * are one, else as a hex dump. The objects are read through pointers into
 * copyin()'s copy of memwrite's buffer.
 */
struct ints {
	int a[4];
};
struct two {
	int x;
	int y;
};
struct three {
	int x;
	int y;
	int z;
};
union u {
	char c[12];
	int i;
};

syscall::write:entry
/pid == $target && arg2 == 32/
{
	this->buf = (char *)copyin(arg1, 32);
	this->ints = (struct ints *)(this->buf + 16);
	trace(this->ints->a);
	printf("|\n");
	trace(*(struct three *)(this->buf + 16));
	printf("|\n");
	trace(*(struct two *)(this->buf + 16));
	printf("|\n");
	trace(*(union u *)this->buf);
	printf("|\n");
	trace(*(struct two *)(this->buf + 24));
	printf("|\n");
}
