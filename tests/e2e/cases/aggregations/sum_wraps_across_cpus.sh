# A sum whose per-CPU parts overflow int64 when added: the consumer adds
# the CPUs' words as unsigned, wrapping as DTrace does (a signed add was
# undefined behaviour, caught by UBSan). Each online CPU adds INT64_MAX
# once; the expected total is computed with the shell's wrapping 64-bit
# arithmetic for this machine's CPU count.
cpus=$(getconf _NPROCESSORS_ONLN)
got=$("$DTRACE" -q -n '
int done[int];
profile-50ms /!done[cpu]/ { done[cpu] = 1; @ = sum(0x7fffffffffffffff); @n = count(); }
tick-1s { exit(0); }
END { printa("%@d", @); printa(" %@d\n", @n); }')
status=$?
expected="$(( 0x7fffffffffffffff * cpus )) $cpus"
if [ "$got" = "$expected" ]; then
  echo "the sum over CPUs wraps as unsigned"
else
  echo "got '$got', expected '$expected'"
fi
exit "$status"
