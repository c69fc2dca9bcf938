# TIMEOUT: 60
# Drops are reported while tracing goes on, once a second (DTrace's default
# switchrate), not only when the storm is over: printing a line for each
# system call of four processes making them as fast as they can does not
# keep up, and the "N drops on CPU M" lines must appear while the storm still
# runs (they used to come only after it). The numbers vary; the lines are
# checked for their form.
"$PROGS/storm" 20000 4 &
storm=$!
"$DTRACE" -q -n 'syscall::getppid:entry /execname == "storm"/ {
    printf("%d %s\n", pid, execname); }' >/dev/null 2>err &
pid=$!
for _ in $(seq 100); do grep -q 'drops\? on CPU' err && break; sleep 0.1; done
if kill -0 "$storm" 2>/dev/null && grep -q 'drops\? on CPU' err; then
  echo "drops reported while the storm ran"
else
  echo "no drops reported while the storm ran"
fi
kill -INT "$pid"
wait "$pid"
status=$?
kill "$storm" 2>/dev/null
grep -v -E '^dtrace: [0-9]+ drops? on CPU [0-9]+$' err >&2
exit "$status"
