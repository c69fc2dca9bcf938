# NORMALIZE: pids
# stack(), func() and raise() in taken and untaken branches of a clause
# that fires three times in the target: the first call records a stack
# only in its own branch, the third raises SIGKILL and so ends the run.
# Kernel frames differ between kernels: each run of frames becomes one
# <frames> line and each symbol SYM.
cat >branch.d <<'D'
int n;

syscall::getppid:entry
/pid == $target/
{
	n++;
	if (n == 1) {
		printf("call 1:");
		stack();
		printf("end\n");
	} else if (n == 2) {
		printf("call 2\n");
	} else {
		raise(SIGKILL);
	}
	if (n != 1) {
		stack();
		trace(func(caller));
		printf("\n");
	}
}
D
"$DTRACE" -q -w -s branch.d -c "$PROGS/getppid_loop 1000000000" >out
status=$?
awk '/^          +vmlinux`/ { if (!inside) print "<frames>"; inside = 1; next } { inside = 0; print }' out |
  sed -E 's/vmlinux`[A-Za-z0-9_.]+ */vmlinux`SYM/'
exit "$status"
