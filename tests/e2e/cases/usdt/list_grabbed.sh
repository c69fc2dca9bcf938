# -p: the usdt probes of a process already running, here python3.11's
# (function names are "": Debian strips the functions holding the sites).
/usr/bin/python3.11 -c 'import time; time.sleep(30)' &
target=$!
until grep -q python3.11 /proc/$target/maps 2>/dev/null; do sleep 0.05; done
"$DTRACE" -l -n "python$target:::" -p $target |
  awk 'NR == 1 { print $2, $3, $5; next } { sub(/^python[0-9]+$/, "python<target>", $2); print $2, $3, "[" $4 "]" }'
kill $target
