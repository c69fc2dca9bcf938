# Nothing stays behind after dtrace: its uprobe links are gone and the
# semaphore it counted up in the traced process is back to 0. python3.11
# (not PIE: the note's semaphore address is the process's) watches its own
# function__entry semaphore and prints each value it sees.
sem=$(readelf -n /usr/bin/python3.11 | awk '/Name: function__entry/ { getline; print $6 }')
/usr/bin/python3.11 -c '
import ctypes, sys, time
sem = ctypes.c_ushort.from_address(int(sys.argv[1], 16))
seen = []
deadline = time.time() + 20
while time.time() < deadline and seen != [0, 1, 0]:
    if not seen or seen[-1] != sem.value:
        seen.append(sem.value)
        print("semaphore", seen[-1], flush=True)
    time.sleep(0.01)
' "$sem" >py.out &
target=$!
until grep -q "semaphore 0" py.out 2>/dev/null; do sleep 0.05; done
"$DTRACE" -q -p "$target" -n 'BEGIN { printf("ready\n"); }
    python$target:::function-entry { @ = count(); }' >out 2>/dev/null &
pid=$!
until grep -q ready out 2>/dev/null; do sleep 0.05; done
until grep -q "semaphore 1" py.out 2>/dev/null; do sleep 0.05; done
ids=$(grep -h '^link_id:' /proc/$pid/fdinfo/* 2>/dev/null | awk '{print $2}' | sort -u)
[[ -n $ids ]] && echo "links attached while tracing"
kill -INT "$pid"
wait "$pid"
echo "dtrace exited with $?"
wait "$target"
cat py.out
for id in $ids; do
  for _ in $(seq 20); do bpftool link show id "$id" >/dev/null 2>&1 || break; sleep 0.1; done
  bpftool link show id "$id" >/dev/null 2>&1 && echo "link $id still there"
done
echo "checked"
