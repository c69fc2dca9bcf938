# Reading through a NULL pointer is a run-time fault reported on stderr, not
# a crash; the next clause still runs. The DIF offset is masked.
"$DTRACE" -q -n 'BEGIN { printf("%d\n", *(int *)0); }' \
  -n 'BEGIN { printf("after the fault\n"); exit(0); }' 2>err
status=$?
sed -E 's/DIF offset [0-9]+/DIF offset O/' err >&2
exit "$status"
