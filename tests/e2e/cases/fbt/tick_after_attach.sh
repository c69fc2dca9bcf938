# REQUIRES: fbt
# TIMEOUT: 60
# Timers start after every other probe is live, as DTrace enables all probes
# at once: over 32 fbt probes are attached as kprobes, which takes seconds
# under emulation (one kprobe each on Debian's 6.1, about 120 ms apiece).
# The tick used to be attached first and fired while they were still being
# attached, so its exit() ended the run before vfs_write, late in the
# vfs_* list, was traced at all. A writer in the background calls it all along.
( while :; do echo x >/dev/null; sleep 0.1; done ) &
writer=$!
"$DTRACE" -q -n 'fbt:vmlinux:vfs_*:entry /probefunc == "vfs_write"/ { n++; }
    tick-1s { printf("%s\n", n > 0 ? "vfs_write fired before the first tick" : "the tick came first");
              exit(0); }'
status=$?
kill "$writer"
exit "$status"
