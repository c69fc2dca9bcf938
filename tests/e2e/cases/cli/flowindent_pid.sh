# NORMALIZE: pids
# -F: the header becomes "CPU FUNCTION"; each pid entry prints "-> func" and
# indents that CPU's later lines by two columns, each return takes them back
# and prints "<- func" under its entry (the Dynamic Tracing Guide's
# userfunc.d output). Depth is per CPU, so dtrace and its target are kept on
# CPU 0 to make the run's lines one CPU's.
cat > flow.d <<'D'
pid$target:a.out:main:entry, pid$target:a.out:main:return,
pid$target:a.out:add:entry, pid$target:a.out:add:return,
pid$target:a.out:sum10:entry, pid$target:a.out:sum10:return
{
}
D
taskset -c 0 "$DTRACE" -F -s flow.d -c "$PROGS/pid_target"
