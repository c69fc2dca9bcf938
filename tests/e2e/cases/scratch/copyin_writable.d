/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/syscalls open" */
/*
 * What copyin() returns is scratch memory the clause may write: here a
 * NUL cuts the copied path short before it is printed as a string.
 */
syscall::openat:entry
/pid == $target && copyinstr(arg1) == "/etc/hostname"/
{
	this->buf = (char *)copyin(arg1, 64);
	this->buf[9] = '\0';
	printf("%s|", stringof(this->buf));
	this->buf[4] = 0;
	printf("%s\n", stringof(this->buf));
}
