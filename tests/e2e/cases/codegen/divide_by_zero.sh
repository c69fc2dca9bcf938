# A division by zero at run time: dtrace reports the error, the ERROR probe
# fires, and tracing goes on (three ticks, then exit). Probe IDs and the DIF
# offset vary, so they are masked.
"$DTRACE" -q -n '
BEGIN { n = 0; }
tick-10ms { n++; printf("tick %d\n", n); }
tick-10ms { x = 0; y = 10 / x; printf("not reached\n"); }
ERROR { printf("ERROR fault %d\n", arg4); }
tick-10ms /n == 3/ { exit(0); }' 2>err
status=$?
sed -E -e 's/enabled probe ID [0-9]+/enabled probe ID E/' -e 's/\(ID [0-9]+:/(ID P:/' \
  -e 's/DIF offset [0-9]+/DIF offset O/' err >&2
exit "$status"
