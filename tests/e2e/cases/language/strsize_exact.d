/* ARGS: -q -x strsize=5 -s @SCRIPT@ -c "@PROGS@/syscalls open" */
/*
 * strsize counts bytes exactly, the NUL included: with strsize=5 every
 * string shows 4 characters (storage is still a whole 8-byte word):
 * literals, built-ins, variables, keys, copyinstr(), strlen() and
 * comparisons, which look at those 4 characters only.
 */
BEGIN
{
	s = "abcdefghij";
	printf("[%s] [%s] [%s] %d %d\n", s, execname, "klmnopq", strlen(s), strlen(execname));
	@keys[s] = count();
	printf("%d %d %d\n", execname == "dtra", "abcdZ" == "abcdY", "abcZ" < "abcY");
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
