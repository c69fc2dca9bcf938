# NORMALIZE: pids
# The sleeper must outlive dtrace's start-up (about 0.6 s on Linux 6.1
# under qemu's emulation), or there is no process left to grab.
"$PROGS/sleeper" 3000 &
"$DTRACE" -p "$!" -n 'syscall::getppid:entry /pid == $target/ { trace(1); }'
