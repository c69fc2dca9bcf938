/* ARGS: -q -x amin=Unstable/Unstable/ISA -s @SCRIPT@ */
/* What meets the minimum runs as without it. */
syscall::read:entry
/pid == 0/
{
	trace(args[0]);
}

dtrace:::BEGIN
{
	self->t = curthread;
	printf("%d %s\n", htons(0x100), probename);
	exit(0);
}
