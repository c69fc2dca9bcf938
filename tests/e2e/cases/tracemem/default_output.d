/* ARGS: -s @SCRIPT@ -c @PROGS@/memwrite */
/* NORMALIZE: cpu-id pids */
/*
 * Without -q the dump follows the record's "CPU ID FUNCTION:NAME" prefix,
 * starting on a line of its own; tracemem() and printm() print the same
 * dump.
 */
syscall::write:entry
/pid == $target && arg2 == 32/
{
	tracemem(copyin(arg1, 16), 16);
	printm(6, copyin(arg1, 6));
}
