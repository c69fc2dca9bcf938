# REQUIRES: uprobe_multi
# Every function of libc at once (thousands of probes, one program, attached
# with one multi-uprobe link). Kernels without that link (before 6.6) get a
# perf uprobe per probe, which takes minutes for libc (bpftrace's way: 80 s
# for libc here), so the case needs the link: the program
# makes 22 libc calls from its entry point on, one of them a free() of a
# real block. The kernel refuses a few instructions uprobes cannot step
# (which ones depends on the kernel): dtrace names them and goes on; those
# lines are left out here.
"$DTRACE" -q -n 'pid$target:libc.so.6::entry { @all = count(); }
    pid$target:libc.so.6::entry /probefunc == "free" && arg0 != 0/ { @freed = count(); }
    END { printa("all %@d\n", @all); printa("freed %@d\n", @freed); }' \
  -c "$PROGS/pid_target" 2>err
status=$?
grep -v '^dtrace: failed to enable pid[0-9]*:libc.so.6:[a-z_0-9]*:entry: uprobes cannot probe the instruction there$' err >&2
exit $status
