/* ARGS: -q -x strsize=5 -s @SCRIPT@ -c "@PROGS@/syscalls open" */
/*
 * strsize counts bytes exactly, the NUL included: with strsize=5 every
 * string shows 4 characters (storage is still a whole 8-byte word):
 * literals, built-ins, variables, keys, copyinstr() and strlen().
 */
BEGIN
{
	s = "abcdefghij";
	printf("[%s] [%s] [%s] %d\n", s, execname, "klmnopq", strlen(s));
	@keys[s] = count();
}

syscall::openat:entry
/pid == $target && !done/
{
	printf("[%s]\n", copyinstr(arg1));
	done = 1;
}

END
{
	printa("[%s] %@d\n", @keys);
}
