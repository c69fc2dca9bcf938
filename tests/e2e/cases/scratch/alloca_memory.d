#pragma D option quiet

/*
 * alloca() memory is zeroed, 8-byte aligned whatever the sizes asked
 * before it, distinct from what came before, and pointer arithmetic
 * inside it stores where it says.
 */
BEGIN
{
	a = (char *)alloca(3);
	b = (char *)alloca(1);
	c = (uint64_t *)alloca(24);
	printf("aligned %d %d %d\n", (uintptr_t)a % 8, (uintptr_t)b % 8, (uintptr_t)c % 8);
	printf("apart %d %d\n", b - a, (char *)c - b);
	printf("zeroed %d %d %d\n", a[0] + a[1] + a[2], b[0], c[0] + c[1] + c[2]);
	a[0] = 'o';
	*(a + 1) = 'k';
	printf("%s\n", stringof(a));
	c[1] = 0x1122334455667788;
	p = (char *)&c[1];
	printf("%x %x %x\n", c[1], *p, *(uint32_t *)(p + 4));
	*(short *)(p + 2) = 0;
	printf("%x\n", c[1]);
	exit(0);
}
