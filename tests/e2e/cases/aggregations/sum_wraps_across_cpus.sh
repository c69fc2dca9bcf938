# A sum whose per-CPU parts overflow int64 when added: the consumer adds
# the CPUs' words as unsigned, wrapping as DTrace does (a signed add was
# undefined behaviour, caught by UBSan). One getppid call pinned to each
# online CPU adds INT64_MAX there; the expected total is computed with the
# shell's wrapping 64-bit arithmetic for this machine's CPU count.
cpus=$(getconf _NPROCESSORS_ONLN)
cat >sum.d <<'D'
int done[int];
BEGIN { printf("ready\n"); }
syscall::getppid:entry
/ppid == $1 && execname == "getppid_loop" && !done[cpu]/
{
	done[cpu] = 1;
	@ = sum(0x7fffffffffffffff);
	@n = count();
}
END { printa("%@d", @); printa(" %@d\n", @n); }
D
"$DTRACE" -q -s sum.d $$ >out &
dtrace_pid=$!
until grep -q ready out 2>/dev/null; do sleep 0.1; done
for c in $(seq 0 $((cpus - 1))); do "$PROGS/getppid_loop" 1 "$c" >/dev/null; done
kill -INT "$dtrace_pid"
wait "$dtrace_pid"
status=$?
got=$(grep -E '^-?[0-9]' out)
expected="$(( 0x7fffffffffffffff * cpus )) $cpus"
if [ "$got" = "$expected" ]; then
  echo "the sum over CPUs wraps as unsigned"
else
  echo "got '$got', expected '$expected'"
fi
exit "$status"
