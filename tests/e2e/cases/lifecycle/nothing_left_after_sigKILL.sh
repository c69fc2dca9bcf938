# The BPF programs and links dtrace holds (found through its open file
# descriptors while it traces) are all gone once SIGKILL has ended it.
# dtrace runs under a subshell whose stderr takes bash's "Killed" notice.
(
  "$DTRACE" -q -n 'BEGIN { printf("ready\n"); } syscall::getppid:entry { @ = count(); }
    profile-97hz { } tick-1s { }' >out &
  echo $! >pid
  wait $!
  echo "status $?" >status
) 2>/dev/null &
subshell=$!
until grep -q ready out 2>/dev/null; do sleep 0.1; done
pid=$(cat pid)
ids=$(grep -h -e '^prog_id:' -e '^link_id:' /proc/$pid/fdinfo/* 2>/dev/null | sort -u)
grep -q '^prog_id:' <<<"$ids" && echo "programs loaded while tracing"
grep -q '^link_id:' <<<"$ids" && echo "links attached while tracing"
kill -KILL "$pid"
wait "$subshell"
cat status
# The kernel frees a closed program or link after an RCU grace period: allow 2 s.
command -v bpftool >/dev/null || echo "bpftool missing: cannot check"
while read -r kind id; do
  what=${kind%_id:}
  for _ in $(seq 20); do bpftool "$what" show id "$id" >/dev/null 2>&1 || break; sleep 0.1; done
  bpftool "$what" show id "$id" >/dev/null 2>&1 && echo "$what $id still loaded"
done <<<"$ids"
echo "checked"
