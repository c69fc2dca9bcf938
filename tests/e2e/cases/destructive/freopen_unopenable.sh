# A path that cannot be opened is a run-time error of the probe; the
# output stays where it was.
"$DTRACE" -q -w -n 'BEGIN { freopen("no-such-dir/x"); printf("still here\n"); exit(0); }'
echo "status $?"
