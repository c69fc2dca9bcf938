#pragma D option quiet

/*
 * bcopy() from kernel memory into scratch memory: the first bytes of this
 * thread's name (dtrace's own, in BEGIN).
 */
BEGIN
{
	p = (char *)alloca(16);
	bcopy(&curthread->comm[0], p, 3);
	printf("%s\n", stringof(p));
	exit(0);
}
