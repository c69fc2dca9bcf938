/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/syscalls getppid" */
/* print() of kernel objects whose contents are known: the comm array at
   the top level (bare text), a kernel struct (the process runs as root),
   and a D struct laid over the zero-padded comm "syscalls" (nested struct,
   chars, a char array that is not text, an int, an empty string, a kernel enum).
   With -q a struct's closing brace has no newline; a scalar's line has. */
struct inner { char c; unsigned char u; };
struct name { struct inner first; char rest[2]; int tail; char str[4]; enum pid_type type; };

syscall::getppid:entry
/pid == $target/
{
	print(curthread->comm);
	print(curthread->cred->uid);
	print(*(struct name *)&curthread->comm);
	exit(0);
}
