# SIGINT ends the run: END fires and the aggregations print; exit status 0.
# As in DTrace, the signal first ends the line (a terminal shows "^C" on it)
# with a newline, even in quiet mode.
# The helper runs under a name of its own: other tests on the machine run
# "syscalls" too.
cp "$PROGS/syscalls" ./sigcase_calls
"$DTRACE" -q -n 'BEGIN { printf("ready\n"); }
    syscall::getppid:entry /execname == "sigcase_calls"/ { @calls["getppid"] = count(); }
    END { printf("end\n"); }' >out &
dtrace_pid=$!
until grep -q ready out 2>/dev/null; do sleep 0.1; done
./sigcase_calls getppid
sleep 0.2
kill -INT "$dtrace_pid"
wait "$dtrace_pid"
status=$?
cat out
exit "$status"
