# The seed example: CPU time per process from sched:::on-cpu/off-cpu, with
# self-> set in the thread that starts running. spin burns 300 ms of CPU, so
# its line must show at least 250 ms; every line is DTrace's "  key  value"
# with the value right-aligned. The other processes vary, so only spin's
# line is printed, with its value reduced to a range check.
cat > script.d <<'D'
sched:::on-cpu
{
	self->on = timestamp;
}

sched:::off-cpu
/self->on/
{
	@[execname] = sum(timestamp - self->on);
	self->on = 0;
}
D
"$DTRACE" -q -s script.d -c "$PROGS/spin 300" > out
status=$?
awk 'NF == 0 { next }
     !/^  [^ ].* +[0-9]+$/ { print "badly formatted line: " $0 }
     $1 == "spin" { print "spin", ($2 >= 250000000 ? "ran >= 250 ms" : "ran only " $2) }' out
exit $status
