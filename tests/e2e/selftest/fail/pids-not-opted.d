/* ARGS: -s @SCRIPT@ --pid */
syscall::getppid:entry {}
