/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/syscalls" */
/* The issue's first example, kept to the calls the program makes itself
   (the dynamic loader adds others). */
syscall:::entry
/pid == $target && (probefunc == "getppid" || probefunc == "write")/
{
	@[probefunc] = count();
}
