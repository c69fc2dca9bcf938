/* NORMALIZE: pids cpu-id */
/* ARGS: -s @SCRIPT@ --pid */
syscall::getppid:entry {}
