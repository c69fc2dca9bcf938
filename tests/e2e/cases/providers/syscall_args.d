/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/syscalls write" */
/* write(fd, buf, size): arg0 fd, arg2 size; the return value is the size. */
syscall::write:entry
/pid == $target/
{
	printf("entry fd=%d size=%d\n", arg0, arg2);
}

syscall::write:return
/pid == $target/
{
	printf("return %d %d\n", arg0, arg1);
}
