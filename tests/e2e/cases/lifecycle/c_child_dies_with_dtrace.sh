# The process -c created dies with dtrace, even when dtrace is killed with
# SIGKILL (it used to keep running, reparented to init).
"$DTRACE" -q -c "$PROGS/sleeper 30000" -n 'BEGIN { printf("ready\n"); }' >out &
pid=$!
until grep -q ready out 2>/dev/null; do sleep 0.1; done
child=$(pgrep -P "$pid")
echo "child: $(cat /proc/$child/comm)"
kill -KILL "$pid"
wait "$pid" 2>/dev/null
echo "dtrace status $?"
# Gone, or a zombie waiting for init to reap it.
running() { [[ -e /proc/$child ]] && ! grep -q ') Z ' "/proc/$child/stat" 2>/dev/null; }
for _ in $(seq 20); do running || break; sleep 0.1; done
if running; then
  echo "child still running"
  kill -KILL "$child"
else
  echo "child gone"
fi
