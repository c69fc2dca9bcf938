# NORMALIZE: pids
# setopt("flowindent") at run time. dtrace(1) settles the header at the first
# record, by the options of that moment, and prints a record's prefix before
# running its actions: so BEGIN, which turns flowindent on, keeps the default
# header and line, and the records after it are flow lines under that header.
# Returns whose entries were never traced stay at the left edge (depth never
# goes below 0). With -q the first record prints no header, so none is ever
# printed, though the later records are flow lines. Pinned to CPU 0: depth is
# per CPU, and BEGIN's line shows its CPU.
cat > flow.d <<'D'
BEGIN
{
	setopt("flowindent");
}

pid$target:a.out:add:return
/arg1 <= 22/
{
	printf("%d", arg1);
}

pid$target:a.out:main:return
{
}
D
taskset -c 0 "$DTRACE" -s flow.d -c "$PROGS/pid_target"
echo "-- with -q"
taskset -c 0 "$DTRACE" -q -s flow.d -c "$PROGS/pid_target"
