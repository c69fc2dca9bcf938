# REQUIRES: !fbt
# On a kernel that refuses fentry programs (the machines this is developed
# on), a description that matches probes this kernel can fire and probes on
# kernel functions it cannot (sched:::enqueue, lockstat's hold probes, fbt)
# traces the first and leaves out the others, so `sched:::` and
# `lockstat:::` still run; a description that names only what cannot fire
# still fails, saying what is missing.
echo "-- globs"
"$DTRACE" -q -n 'sched:::, lockstat:::, :::entry /0/ { } BEGIN { printf("ran\n"); exit(0); }'
echo "status $?"
echo "-- alone"
"$DTRACE" -q -n 'sched:::enqueue { } BEGIN { printf("must not run\n"); exit(0); }'
echo "status $?"
"$DTRACE" -q -n 'fbt::vfs_read:entry { } BEGIN { printf("must not run\n"); exit(0); }'
echo "status $?"
exit 0
