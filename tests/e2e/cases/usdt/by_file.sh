# Beyond DTrace: with -x usdtpath=FILE, a description whose provider names
# no pid (myprov:::) takes FILE's probes for every process, attached to the
# file itself, so processes started after dtrace are traced; pid and
# execname tell them apart. The semaphores are counted per file too: both
# processes see the tick probe enabled, and a run after dtrace has exited
# sees it disabled (nothing left attached). The program reports its
# enabled ticks on stderr.
prog="$PROGS/usdt_own"
"$DTRACE" -l -x usdtpath="$prog" -n 'myprov:::' | awk '{ print $2, $3, $4, $5 }'
"$DTRACE" -q -x usdtpath="$prog" -n 'BEGIN { printf("ready\n"); }
  myprov:::request-start { printf("%s pid %d %s:%s:%s:%s %d %s\n", execname, pid,
      probeprov, probemod, probefunc, probename, arg0, copyinstr(arg1)); }
  myprov:::tick { printf("tick pid %d\n", pid); }' >out &
dtrace_pid=$!
until grep -q ready out 2>/dev/null; do sleep 0.1; done
"$prog" &
a=$!
wait "$a"
"$prog" &
b=$!
wait "$b"
# Ctrl-C's newline comes before records still unread, as in DTrace: wait
# until dtrace has printed the second process's last tick.
for _ in $(seq 100); do
  [[ $(grep -c "^tick pid $b\$" out) -ge 3 ]] && break
  sleep 0.1
done
kill -INT "$dtrace_pid"
wait "$dtrace_pid"
echo "dtrace status $?"
sed -E "s/pid $a\b/pid <first>/; s/pid $b\b/pid <second>/" out
"$prog"
