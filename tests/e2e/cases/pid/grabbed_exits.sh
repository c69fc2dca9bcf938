# -p: pid probes in a process already running. The sleeper calls _exit when
# its sleep is over; the run ends with it, as DTrace's does (-q: without
# the notice that it has exited).
"$PROGS/sleeper" 3000 &
"$DTRACE" -q -p "$!" -n 'pid$target::_exit:entry { printf("%s:%s %d\n", probemod, probefunc, arg0); }'
