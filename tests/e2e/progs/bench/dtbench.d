/*
 * call_loop.c's own provider, built with "dtrace -h" and "dtrace -G" (see
 * CMakeLists.txt): its site sits beside a <sys/sdt.h> one, so the bench
 * measures a traced firing of each kind in the same loop.
 */
provider dtbench {
	probe call(long);
};
