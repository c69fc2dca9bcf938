/* ARGS: -s @SCRIPT@ */
/* NORMALIZE: cpu-id */
/* print() of scalars: "<type> <value>" in hex (0 is "0"), a one-byte char
   as a character, a pointer as an address, a string as bare text; each
   value's line ends in a newline, so the default record end adds a blank
   line. */
BEGIN
{
	print(1);
	print((unsigned short)0);
	print((char)'a');
	print((long)-1);
	print((struct task_struct *)0);
	print("hello");
	exit(0);
}
