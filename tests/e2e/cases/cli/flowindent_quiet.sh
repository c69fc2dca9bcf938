# -q with -F: dtrace(1) still prints the "CPU FUNCTION" header and each
# record's flow prefix; -q only drops the newline that ends a record and the
# padding of trace() values. So the entry's printf ends its own line, and the
# return's trace() and "\n" follow its prefix unpadded. Pinned to CPU 0:
# depth is per CPU.
taskset -c 0 "$DTRACE" -q -F -n '
pid$target:a.out:add:entry { printf("%d+%d\n", arg0, arg1); }
pid$target:a.out:add:return { trace(arg1); printf("\n"); }' \
    -c "$PROGS/pid_target"
