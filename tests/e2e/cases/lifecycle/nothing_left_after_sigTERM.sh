# The BPF programs and links dtrace holds (found through its open file
# descriptors while it traces) are all gone once SIGTERM has ended it.
"$DTRACE" -q -n 'BEGIN { printf("ready\n"); } syscall::getppid:entry { @ = count(); }
    profile-97hz { } tick-1s { }' >out &
pid=$!
until grep -q ready out 2>/dev/null; do sleep 0.1; done
ids=$(grep -h -e '^prog_id:' -e '^link_id:' /proc/$pid/fdinfo/* 2>/dev/null | sort -u)
grep -q '^prog_id:' <<<"$ids" && echo "programs loaded while tracing"
grep -q '^link_id:' <<<"$ids" && echo "links attached while tracing"
kill -TERM "$pid"
wait "$pid"
echo "status $?"
# The kernel frees a closed program or link after an RCU grace period: allow 2 s.
command -v bpftool >/dev/null || echo "bpftool missing: cannot check"
while read -r kind id; do
  what=${kind%_id:}
  for _ in $(seq 20); do bpftool "$what" show id "$id" >/dev/null 2>&1 || break; sleep 0.1; done
  bpftool "$what" show id "$id" >/dev/null 2>&1 && echo "$what $id still loaded"
done <<<"$ids"
echo "checked"
