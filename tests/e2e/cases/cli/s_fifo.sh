# A script may come through a pipe (dtrace -s /dev/stdin, -s <(...)): it is
# read to its end, then compiled.
mkfifo script.d
echo 'BEGIN { printf("from a pipe\n"); exit(0); }' >script.d &
"$DTRACE" -q -s script.d
echo "status $?"
echo 'BEGIN { printf("from stdin\n"); exit(0); }' | "$DTRACE" -q -s /dev/stdin
echo "status $?"
