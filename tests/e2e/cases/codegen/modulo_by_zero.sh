# The DIF offset is the tool's own instruction offset: masked.
"$DTRACE" -q -n 'BEGIN { x = 0; printf("%d\n", 7 % x); }' -n 'BEGIN { printf("still running\n"); exit(0); }' 2>err
status=$?
sed -E 's/DIF offset [0-9]+/DIF offset O/' err >&2
exit "$status"
