/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/syscalls getppid" */
int done;

BEGIN
{
	printf("[%s] [%s] [%s] [%s] %d\n", probeprov, probemod, probefunc, probename, id);
}

syscall::getppid:return
/pid == $target && !done/
{
	done = 1;
	printf("[%s] [%s] [%s] [%s]\n", probeprov, probemod, probefunc, probename);
}

END
{
	printf("[%s] [%s] [%s] [%s] %d\n", probeprov, probemod, probefunc, probename, id);
}
