# NORMALIZE: pids
# A process given with -p loads a library with USDT probes after tracing
# started: its probes are attached then, and like the others (and the
# dynamic linker's hook) gone once dtrace has exited (here after Ctrl-C);
# the process, stopped while they were attached, runs on, and the
# semaphore dtrace counted up in it is back to 0 (usdtdl:::guarded fires
# no more).
"$PROGS/usdt_dlopen_target" 3 -1 60000 &
target=$!
"$DTRACE" -q -Z -p "$target" -n 'BEGIN { printf("ready\n"); }
    usdtdl$target:libusdtdl.so::fire { printf("fire %d\n", arg0); }
    usdtdl$target:libusdtdl.so::guarded { printf("guarded %d %d\n", arg0, arg1); }' >out 2>err &
pid=$!
until grep -q ready out 2>/dev/null; do sleep 0.1; done
kill -USR1 "$target"
for _ in $(seq 100); do grep -q "guarded 3" out && break; sleep 0.1; done
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
# The semaphore, read from the process's memory: libusdtdl.so's .probes
# section, at its address in the file plus where the library is mapped.
lib=$(awk '/libusdtdl\.so/ { print $6; exit }' /proc/$target/maps)
base=$(awk '/libusdtdl\.so/ { split($1, r, "-"); print r[1]; exit }' /proc/$target/maps)
sem=$(readelf -n "$lib" | awk '/Name: guarded/ { getline; print $6 }')
value=$(dd if=/proc/$target/mem bs=1 skip=$((0x$base + sem)) count=2 status=none | od -An -tu2 | tr -d " ")
echo "semaphore after dtrace: $value"
kill "$target" 2>/dev/null
echo "checked"
