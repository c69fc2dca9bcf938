# The BPF programs dtrace loaded (found through its open file descriptors
# while it traces) are all gone once it has exited. The 2 s before exit()
# leave time to read them even on a slow machine (Linux 6.1 under qemu's
# emulation missed a 500 ms window).
"$DTRACE" -q -n 'BEGIN { printf("ready\n"); } syscall::getppid:entry { @ = count(); }
    profile-97hz { } tick-2s { exit(0); }' >out &
pid=$!
until grep -q ready out 2>/dev/null; do sleep 0.1; done
ids=$(grep -h '^prog_id:' /proc/$pid/fdinfo/* 2>/dev/null | awk '{print $2}' | sort -u)
[[ -n $ids ]] && echo "programs loaded while tracing"

wait "$pid"
status=$?
# The kernel frees a closed program after an RCU grace period: allow 2 s.
for id in $ids; do
  for _ in $(seq 20); do bpftool prog show id "$id" >/dev/null 2>&1 || break; sleep 0.1; done
  bpftool prog show id "$id" >/dev/null 2>&1 && echo "program $id still loaded"
done
echo "checked"
exit "$status"
