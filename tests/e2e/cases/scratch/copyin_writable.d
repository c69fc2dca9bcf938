/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/syscalls open" */
/*
 * What copyin() returns is scratch memory the clause may write: here a
 * NUL cuts the copied path short before it is printed as a string. The
 * copy is the path's 14 bytes: user memory past them may not be mapped.
 */
syscall::openat:entry
/pid == $target && copyinstr(arg1) == "/etc/hostname"/
{
	this->buf = (char *)copyin(arg1, 14);
	this->buf[9] = '\0';
	printf("%s|", stringof(this->buf));
	this->buf[4] = 0;
	printf("%s\n", stringof(this->buf));
}
