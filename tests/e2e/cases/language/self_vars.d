/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/syscalls read" */
/* self-> carries the requested size from read entry to its return. */
syscall::read:entry
/pid == $target && arg0 == 3 && (arg2 & (arg2 - 1)) == 0/
{
	self->size = arg2;
}

syscall::read:return
/self->size/
{
	printf("asked %d got %d\n", self->size, arg0);
	self->size = 0;
}
