/* ARGS: -q -s @SCRIPT@ */
/*
 * trace() and tracemem() of kernel objects read through BTF types: the
 * current task's comm is a char array, which D reads as a string; as a
 * tracemem() address it is the array's bytes. The dtrace process's own
 * name makes the output fixed.
 */
BEGIN
{
	trace(curthread->comm);
	printf("|\n");
	tracemem(curthread->comm, 7);
	exit(0);
}
