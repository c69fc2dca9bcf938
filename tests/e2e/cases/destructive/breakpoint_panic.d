/* ARGS: -q -w -s @SCRIPT@ */
/* Linux gives a BPF program no way into a kernel debugger and no way to
   panic the kernel: with -w, breakpoint() and panic() are reported at each
   firing as errors of the probe and do nothing; the system keeps running
   and so does the clause. */
BEGIN
{
	breakpoint();
	printf("after breakpoint\n");
	panic();
	printf("after panic\n");
	exit(0);
}
