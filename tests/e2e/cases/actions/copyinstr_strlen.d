/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/syscalls open" */
syscall::openat:entry
/pid == $target && copyinstr(arg1) == "/etc/hostname"/
{
	printf("%s %d\n", copyinstr(arg1), strlen(copyinstr(arg1)));
}
