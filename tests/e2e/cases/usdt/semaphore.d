/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/usdt_target" */
/* A probe behind a semaphore, in a shared library the target links: the
   library fires it only while the semaphore is non-zero, so it fires only
   because the kernel's uprobe reference counter counted it up (arg1 is the
   count the library saw). */
usdt_test$target:libusdttest.so:usdt_lib_fire:guarded
{
	printf("%s:%s:%s n=%d semaphore=%d\n", probemod, probefunc, probename, arg0, arg1);
}
