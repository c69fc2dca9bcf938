# NORMALIZE: pids
"$PROGS/sleeper" 500 &
"$DTRACE" -p "$!" -n 'syscall::getppid:entry /pid == $target/ { trace(1); }'
