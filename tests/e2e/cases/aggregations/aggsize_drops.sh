# -x aggsize bounds an aggregation's keys: an update that finds no room is
# lost and counted, and dtrace reports it as DTrace does ("N aggregation
# drops on CPU M"). aggsize=16 leaves room for one 8-byte key with its 8-byte
# count, so of three keys two are dropped. Pinned to CPU 0 so the message is
# exact; the keyless aggregation beside it is unaffected.
taskset -c 0 "$DTRACE" -q -x aggsize=16 -n 'BEGIN {
	@[1] = count(); @[2] = count(); @[3] = count();
	@total = sum(3);
	exit(0);
}'
