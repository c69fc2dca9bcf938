# A process a provider glob (usdtdl*) found when tracing started is watched
# like one named by its pid: the probes of the library it loads later with
# dlopen(3) (libusdtdl.so: twice, fire, guarded) join its program, each
# with its arguments, and the guarded probe's semaphore is counted up. The
# target fires usdtdl:::start before dtrace starts, waits for SIGUSR1,
# then loads the library, calls it twice and fires usdtdl:::end.
"$PROGS/usdt_dlopen_target" 2 -1 &
target=$!
until grep -qs sigtimedwait /proc/$target/wchan; do sleep 0.05; done
"$DTRACE" -q -n 'BEGIN { printf("ready\n"); }
  usdtdl*:::
  /pid == $1/
  {
    printf("%s %s:%s:%s %d\n", probeprov == strjoin("usdtdl", lltostr(pid)) ?
        "usdtdl<target>" : probeprov, probemod, probefunc, probename, arg0);
  }
  usdtdl*:::end /pid == $1/ { exit(0); }' "$target" >out 2>err &
tracer=$!
until grep -qs ready out; do sleep 0.05; done
kill -USR1 "$target"
wait "$target"
echo "target status $?"
wait "$tracer"
echo "dtrace status $?"
cat out err
