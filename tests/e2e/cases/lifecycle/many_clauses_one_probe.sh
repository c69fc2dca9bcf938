# TIMEOUT: 180
# 10,001 clauses on one probe (generated scripts do this): they no longer
# fit one BPF program (jump offsets, the verifier's budget), so they run as
# a chain of programs, each tail-calling the next, every clause once per
# firing. syscalls getppid makes 10 calls: 10 x 10,001 counts.
for i in $(seq 10001); do echo 'syscall::getppid:entry /pid == $target/ { @c = count(); }'; done >many.d
"$DTRACE" -q -s many.d -c "$PROGS/syscalls getppid"
echo "status $?"
{
  echo 'int x;'
  for i in $(seq 10001); do echo 'BEGIN { x++; }'; done
  echo 'BEGIN { printf("%d\n", x); exit(0); }'
} >begin.d
"$DTRACE" -q -s begin.d
echo "status $?"
