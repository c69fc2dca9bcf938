# Reading a member through a bad kernel pointer is DTrace's run-time error:
# the clause stops at the fault and what it recorded is discarded, ERROR
# fires, and tracing goes on (tick fires later). list_head's next is at offset 0, so the bad
# address is the pointer itself. The DIF offset is masked.
"$DTRACE" -q -n 'BEGIN { printf("discarded\n"); trace(((struct list_head *)16)->next); }' \
  -n 'ERROR { printf("ERROR fault=%d addr=%x\n", arg4, arg5); }' \
  -n 'tick-1ms { printf("after\n"); exit(0); }' 2>err
status=$?
sed -E 's/DIF offset [0-9]+/DIF offset O/' err >&2
exit "$status"
