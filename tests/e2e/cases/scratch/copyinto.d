/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/syscalls open" */
/*
 * copyinto() copies user memory into scratch memory the clause allocated,
 * anywhere inside it; bcopy() copies from scratch to scratch as well.
 */
syscall::openat:entry
/pid == $target && copyinstr(arg1) == "/etc/hostname"/
{
	this->d = (char *)alloca(32);
	this->d[0] = '[';
	copyinto(arg1, 13, this->d + 1);
	this->d[14] = ']';
	printf("%s ", stringof(this->d));
	this->e = (char *)alloca(8);
	bcopy(this->d + 6, this->e, 4);
	printf("%s\n", stringof(this->e));
}
