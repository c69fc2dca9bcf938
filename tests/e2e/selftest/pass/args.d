/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/syscalls getppid" --exit 3 */
syscall::getppid:entry { @ = count(); }
