# A buffer larger than the largest there is (1g): with bufresize=auto, the
# default, DTrace lowers it and says so, even with -q; with
# bufresize=manual it refuses to start.
"$DTRACE" -q -x bufresize=manual -b 99999999g -n 'BEGIN { printf("ran\n"); exit(0); }'
echo "manual: status $?"
"$DTRACE" -q -b 99999999g -n 'BEGIN { printf("ran\n"); exit(0); }'
echo "auto: status $?"
