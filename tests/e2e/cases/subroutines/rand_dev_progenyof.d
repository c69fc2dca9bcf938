/* ARGS: -q -s @SCRIPT@ */
/*
 * rand(): a non-negative int, as illumos' always is. getmajor() and
 * getminor() of Linux's kernel dev_t: 12 bits of major above 20 of minor
 * (a dev_t is 32 bits: wider values are cut). progenyof(): the process
 * itself and every ancestor, up to pid 0 (the idle task, every process's
 * last ancestor); never a pid above PID_MAX_LIMIT.
 */
BEGIN
{
	printf("%d %d\n", rand() >= 0 && rand() >= 0 && rand() >= 0,
	    rand() != rand() || rand() != rand());
	printf("%d %d %d %d %d %d\n", getmajor(0x800003), getminor(0x800003), getmajor(0xfff00000),
	    getminor(0xfffff), getmajor(0x123456789), getminor(0x123456789));
	printf("%d %d %d %d %d %d\n", progenyof(pid), progenyof(ppid), progenyof(1), progenyof(0),
	    progenyof(-1), progenyof(4194305));
	exit(0);
}
