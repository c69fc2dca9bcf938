# REQUIRES: fbt
# io:::wait-start and wait-done: dd writes with O_DIRECT, so it sleeps in
# io_schedule() or io_schedule_timeout() until each write completes; every
# wait it starts ends, and takes some time. What a wait is for is not known
# there, so the probes have no args[] (DTrace's error for an index past
# them).
f=$(mktemp /var/tmp/dtrace-io.XXXXXX)
"$DTRACE" -q -n '
io:::wait-start /pid == $target/ { starts++; self->ts = timestamp; }
io:::wait-done /self->ts/ { dones++; waited += timestamp - self->ts; self->ts = 0; }
END {
	printf("%s, %s, %s\n", starts > 0 ? "dd waited for I/O" : "dd never waited",
	    starts == dones ? "every wait ended" : "unbalanced",
	    waited > 0 ? "waits took time" : "waits took no time");
}' -c "dd if=/dev/zero of=$f bs=64k count=2 oflag=direct status=none"
status=$?
rm -f "$f"
"$DTRACE" -n 'io:::wait-start { trace(args[0]); }'
exit $status
