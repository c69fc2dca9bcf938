# The process -c created dies with dtrace, even when dtrace is killed with
# SIGKILL (it used to keep running, reparented to init).
# dtrace runs under a subshell whose stderr takes bash's "Killed" notice.
(
  "$DTRACE" -q -c "$PROGS/sleeper 30000" -n 'BEGIN { printf("ready\n"); }' >out &
  echo $! >pid
  wait $!
  echo "dtrace status $?" >status
) 2>/dev/null &
subshell=$!
until grep -q ready out 2>/dev/null; do sleep 0.1; done
pid=$(cat pid)
child=$(pgrep -P "$pid")
echo "child: $(cat /proc/$child/comm)"
kill -KILL "$pid"
wait "$subshell"
cat status
# Gone, or a zombie waiting for init to reap it.
running() { [[ -e /proc/$child ]] && ! grep -q ') Z ' "/proc/$child/stat" 2>/dev/null; }
for _ in $(seq 20); do running || break; sleep 0.1; done
if running; then
  echo "child still running"
  kill -KILL "$child"
else
  echo "child gone"
fi
