# NORMALIZE: pids
# A process given with -p loads a library after tracing started: its probes
# are attached then, and like the others gone once dtrace has exited (here
# after Ctrl-C); the process, stopped while they were attached, runs on.
"$PROGS/dlopen_target" 3 -1 60000 &
target=$!
"$DTRACE" -q -Z -p "$target" -n 'BEGIN { printf("ready\n"); }
    pid$target:libdltest.so:dl_work:entry { printf("called %d\n", arg0); }' >out 2>err &
pid=$!
until grep -q ready out 2>/dev/null; do sleep 0.1; done
kill -USR1 "$target"
for _ in $(seq 100); do grep -q "called 3" out && break; sleep 0.1; done
ids=$(grep -h '^link_id:' /proc/$pid/fdinfo/* 2>/dev/null | awk '{print $2}' | sort -u)
[[ -n $ids ]] && echo "links attached while tracing"
kill -INT "$pid"
wait "$pid"
echo "dtrace exited with $?"
cat out err
for id in $ids; do
  for _ in $(seq 20); do bpftool link show id "$id" >/dev/null 2>&1 || break; sleep 0.1; done
  bpftool link show id "$id" >/dev/null 2>&1 && echo "link $id still there"
done
echo "target state $(awk '{print $3}' /proc/$target/stat)"
kill "$target" 2>/dev/null
echo "checked"
