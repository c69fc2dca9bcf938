# -S prints the generated program for each clause (to stderr), then runs it.
"$DTRACE" -q -S -n 'BEGIN { printf("ran\n"); exit(0); }' 2>S.err
status=$?
grep -q . S.err && echo "program listing printed"
exit "$status"
