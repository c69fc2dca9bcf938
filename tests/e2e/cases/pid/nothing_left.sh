# The uprobe links dtrace made (found through its open file descriptors
# while it traces) are all gone once it has exited, here after Ctrl-C.
"$PROGS/sleeper" 60000 &
target=$!
"$DTRACE" -q -p "$target" -n 'BEGIN { printf("ready\n"); }
    pid$target:libc.so.6:str*:entry, pid$target:libc.so.6:str*:return { @ = count(); }' \
    >out 2>/dev/null &
pid=$!
until grep -q ready out 2>/dev/null; do sleep 0.1; done
ids=$(grep -h '^link_id:' /proc/$pid/fdinfo/* 2>/dev/null | awk '{print $2}' | sort -u)
[[ -n $ids ]] && echo "links attached while tracing"
kill -INT "$pid"
wait "$pid"
echo "dtrace exited with $?"
# One listing of the kernel's links per look (not one bpftool per link:
# without the multi-uprobe link there are hundreds, and under emulation a
# bpftool run takes a good part of a second).
still_there() {
  bpftool link show 2>/dev/null | awk -F: '/^[0-9]+:/ {print $1}' | sort -u |
    comm -12 - <(printf '%s\n' $ids | sort -u)
}
for _ in $(seq 20); do [[ -z $(still_there) ]] && break; sleep 0.1; done
for id in $(still_there); do echo "link $id still there"; done
kill "$target" 2>/dev/null
echo "checked"
