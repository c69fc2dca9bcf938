# A fault inside an ERROR clause is counted and reported once per batch,
# as DTrace does ("N errors in ERROR probe enabling"); it never fires ERROR
# again. It used to fire ERROR forever, printing errors and ignoring
# SIGINT, so the tick's exit() was never reached. DIF offsets are masked.
"$DTRACE" -q -n '
ERROR { printf("ERROR fault %d\n", arg4); }
ERROR { trace(*(int *)8); }
BEGIN { trace(*(int *)8); }
BEGIN { x = 0; trace(1 / x); }
tick-1ms { printf("tick\n"); exit(0); }' 2>err
status=$?
sed -E 's/DIF offset [0-9]+/DIF offset O/' err >&2
exit "$status"
