# REQUIRES: optimized_uprobes
# A site from a dtrace -h header is a 1-byte nop (where its note points)
# followed by a 5-byte one. Where the kernel turns a uprobe on a 5-byte nop
# into a call to its uprobe trampoline, our probe goes on that nop: the
# traced process then maps [uprobes-trampoline]. A <sys/sdt.h> site, a
# 1-byte nop alone, stays a breakpoint. Both count every firing with the
# right argument, and once dtrace has exited the site's bytes are what the
# program was built with. call_loop (progs/bench) runs 1000 calls with a
# site of each kind after every call, held before and after its loop.
site_bytes() {  # pid provider: the 6 bytes at the provider's site, in hex
  local location
  location=$(readelf -n "$PROGS/call_loop" | grep -A2 "Provider: $2\$" |
    sed -n 's/.*Location: \(0x[0-9a-f]*\).*/\1/p')
  python3 - "$1" "$location" <<'PY'
import sys
pid, site = sys.argv[1], int(sys.argv[2], 16)
for line in open(f"/proc/{pid}/maps"):
    if line.split()[-1].endswith("/call_loop") and line.split()[1] == "r-xp":
        start, offset = int(line.split("-")[0], 16), int(line.split()[2], 16)
        with open(f"/proc/{pid}/mem", "rb") as mem:
            mem.seek(start - offset + site)
            print(mem.read(6).hex())
PY
}
for provider in dtbench bench; do
  rm -f go
  mkfifo go
  exec {release}<>go
  "$PROGS/call_loop" 1000 0 wait <&"$release" >loop.out &
  target=$!
  built=$(site_bytes "$target" "$provider")
  "$DTRACE" -q -p "$target" -n "$provider"'$target:::call { @n = count(); @sum = sum(arg0); }
    END { printa("firings %@d", @n); printa(", sum of arg0 %@d\n", @sum); }' >out 2>err &
  tracer=$!
  until grep -qs '^link_id:' /proc/"$tracer"/fdinfo/*; do sleep 0.1; done
  printf x >&"$release"
  until [[ -s loop.out ]]; do sleep 0.1; done
  echo "$provider: [uprobes-trampoline] mapped: $(grep -c '\[uprobes-trampoline\]' /proc/"$target"/maps)"
  kill -INT "$tracer"
  wait "$tracer"
  echo "dtrace status $?"
  cat out err
  after=$(site_bytes "$target" "$provider")
  # The bytes depend on the compiler's layout: say only whether they match.
  [[ -n $after && $after == "$built" ]] && echo "site bytes as built after dtrace" ||
    echo "site bytes $after after dtrace, built $built"
  printf x >&"$release"
  wait "$target"
  exec {release}>&-
done
