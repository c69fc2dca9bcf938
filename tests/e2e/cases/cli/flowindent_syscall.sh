# NORMALIZE: pids
# -x flowindent with syscall probes: "=> getppid" indents, "<= getppid"
# returns to the same column. Pinned to CPU 0: depth is per CPU.
taskset -c 0 "$DTRACE" -x flowindent \
    -n 'syscall::getppid:entry,syscall::getppid:return /pid == $target/ {}' \
    -c "$PROGS/syscalls getppid"
