/* ARGS: -q -s @SCRIPT@ */
/* %p prints the address as bare hex, %#p adds 0x (libdtrace uses %llx). */
BEGIN
{
	printf("[%p] [%#p]\n", (void *)0x1234, (void *)0xbeef);
	exit(0);
}
