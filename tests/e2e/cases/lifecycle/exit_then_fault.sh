# exit() followed by a fault in the same clause: as in DTrace, the exit
# takes effect (nothing fires after it, END runs) and the fault is
# reported; the fault discards the clause's record, and with it the exit
# status, so dtrace exits 0. It used to hang: the in-kernel flag stopped
# every probe while the consumer, which never saw the record, waited.
# Once in BEGIN, once in a probe that fires while tracing. DIF offsets and
# the tick's probe ID are masked.
"$DTRACE" -q -n '
BEGIN { exit(3); trace(*(int *)8); }
tick-1ms { printf("tick fired\n"); exit(0); }
END { printf("END after BEGIN\n"); }' 2>err
echo "status $?"
"$DTRACE" -q -n '
int n;
tick-10ms { n++; printf("tick %d\n", n); }
tick-10ms /n == 2/ { exit(4); trace(*(int *)8); }
tick-10ms /n > 2/ { printf("after exit\n"); }
END { printf("END after tick %d\n", n); }' 2>>err
echo "status $?"
sed -E -e 's/DIF offset [0-9]+/DIF offset O/' -e 's/\(ID [0-9]+: profile/(ID P: profile/' err >&2
