# A provider glob (python*) names the usdt probes of every running process
# that carries the provider: two python3.11 processes here, each calling
# tick() under a profile function (see python.sh), both listed and both
# traced by one program each. Other python processes on the machine match
# too: only these two are looked at.
cat >tick.py <<'PY'
import sys, time


def tick():
    pass


sys.setprofile(slice)
deadline = time.time() + 20
while time.time() < deadline:
    tick()
    time.sleep(0.02)
PY
/usr/bin/python3.11 tick.py &
a=$!
/usr/bin/python3.11 tick.py &
b=$!
for p in $a $b; do
  until grep -q python3.11 /proc/$p/maps 2>/dev/null; do sleep 0.05; done
done
names() { sed -E "s/python$a\b/python<first>/; s/python$b\b/python<second>/"; }
"$DTRACE" -l -n 'pyth*:::function-entry' | awk -v a="python$a" -v b="python$b" '$2 == a || $2 == b { print $2, $3, $4 }' | names
"$DTRACE" -q -n "python*:::function-entry /(pid == $a || pid == $b) && copyinstr(arg1) == \"tick\" && !seen[pid]/ {
    seen[pid] = 1; printf(\"%s\\n\", probeprov); n++; }
  python*:::function-entry /n == 2/ { exit(0); }" 2>err | names | sort
# Another python process that exits between matching and attaching is
# reported and left out; only that is not this case's business.
grep -v "process [0-9]* has exited$" err >&2
kill $a $b
