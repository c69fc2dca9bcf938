# REQUIRES: optimized_uprobes
# A site from a dtrace -h header is a 1-byte nop (where its note points)
# followed by a 5-byte one. Where the kernel turns a uprobe on a 5-byte nop
# into a call to its uprobe trampoline, our probe goes on that nop: the
# traced process then maps [uprobes-trampoline]. A <sys/sdt.h> site, a
# 1-byte nop alone, stays a breakpoint. Both count every firing with the
# right argument. call_loop (progs/bench) runs 1000 calls with a site of
# each kind after every call, held before and after its loop.
for provider in dtbench bench; do
  rm -f go
  mkfifo go
  exec {release}<>go
  "$PROGS/call_loop" 1000 0 wait <&"$release" >loop.out &
  target=$!
  "$DTRACE" -q -p "$target" -n "$provider"'$target:::call { @n = count(); @sum = sum(arg0); }
    END { printa("firings %@d", @n); printa(", sum of arg0 %@d\n", @sum); }' >out 2>err &
  tracer=$!
  until grep -qs '^link_id:' /proc/"$tracer"/fdinfo/*; do sleep 0.1; done
  printf x >&"$release"
  until [[ -s loop.out ]]; do sleep 0.1; done
  echo "$provider: [uprobes-trampoline] mapped: $(grep -c '\[uprobes-trampoline\]' /proc/"$target"/maps)"
  printf x >&"$release"
  wait "$target"
  wait "$tracer"
  echo "dtrace status $?"
  cat out err
  exec {release}>&-
done
