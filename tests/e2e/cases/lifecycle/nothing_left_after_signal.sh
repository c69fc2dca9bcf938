# The BPF programs dtrace loaded (found through its open file descriptors
# while it traces) are all gone once it has exited.
"$DTRACE" -q -n 'BEGIN { printf("ready\n"); } syscall::getppid:entry { @ = count(); }
    profile-97hz { } ' >out &
pid=$!
until grep -q ready out 2>/dev/null; do sleep 0.1; done
ids=$(grep -h '^prog_id:' /proc/$pid/fdinfo/* 2>/dev/null | awk '{print $2}' | sort -u)
[[ -n $ids ]] && echo "programs loaded while tracing"
kill -INT "$pid"
wait "$pid"
status=$?
# The kernel frees a closed program after an RCU grace period: allow 2 s.
for id in $ids; do
  for _ in $(seq 20); do bpftool prog show id "$id" >/dev/null 2>&1 || break; sleep 0.1; done
  bpftool prog show id "$id" >/dev/null 2>&1 && echo "program $id still loaded"
done
echo "checked"
exit "$status"
