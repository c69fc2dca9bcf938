# -p grabs a running process: $target is its pid, and dtrace exits when it does.
"$PROGS/sleeper" 2000 &
sleeper=$!
"$DTRACE" -q -p "$sleeper" -n 'BEGIN { printf("%d\n", $target); }' >out
status=$?
[[ $(head -1 out) == "$sleeper" ]] && echo "target is the grabbed pid"
tail -n +2 out
kill -0 "$sleeper" 2>/dev/null && echo "returned while the process still ran"
exit "$status"
