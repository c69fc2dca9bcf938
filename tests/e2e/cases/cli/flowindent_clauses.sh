# NORMALIZE: pids
# -F with two clauses on main's entry and two on its return: each clause
# prints its own line. As in libdtrace, only the first entry line indents
# (the second, following another clause of the same probe, is a "|" line at
# the new depth) and only the last return line unindents (the first, followed
# by another clause of the same probe, is a "|" line), so main's "<-" lines
# up with its "->". add's single clauses indent as usual in between.
# Pinned to CPU 0: depth is per CPU.
cat > flow.d <<'D'
pid$target:a.out:main:entry
{
	printf("argc=%d", arg0);
}

pid$target:a.out:main:entry
{
	printf("again");
}

pid$target:a.out:add:entry,
pid$target:a.out:add:return
/arg1 == 10 || arg1 == 11/
{
}

pid$target:a.out:main:return
{
	printf("first");
}

pid$target:a.out:main:return
{
	printf("last");
}
D
taskset -c 0 "$DTRACE" -F -s flow.d -c "$PROGS/pid_target"
