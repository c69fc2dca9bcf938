# One clause too big for BPF's 16-bit jumps (800 path walks): a compile
# error that says what to do, not a crash.
{
  echo '#pragma D option strsize=8'
  echo 'BEGIN {'
  for i in $(seq 800); do echo '  trace(cwd);'; done
  echo '  exit(0);'
  echo '}'
} >big.d
"$DTRACE" -q -s big.d
