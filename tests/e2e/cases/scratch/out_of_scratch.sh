# An allocation beyond -x scratchsize is DTrace's "out of scratch space"
# (ERROR's fault 5, DTRACEFLT_NOSCRATCH): the clause stops there, and its
# memory is the clause's own, so the next clause starts afresh. A copyin()
# in a clause that writes to scratch comes from the same arena. The DIF
# offset is the tool's own instruction offset: masked.
"$DTRACE" -q -x scratchsize=64 \
	-n 'BEGIN { printf("discarded\n"); p = alloca(65); }' \
	-n 'BEGIN { a = alloca(32); b = alloca(40); }' \
	-n 'BEGIN { c = alloca(32); d = alloca(32); printf("fits\n"); }' \
	-n 'BEGIN { s = (char *)copyin(0, 100); s[0] = 1; }' \
	-n 'ERROR { printf("ERROR fault=%d action=%d\n", arg4, arg2); }' \
	-n 'BEGIN { exit(0); }' 2>err
status=$?
sed -E 's/DIF offset [0-9]+/DIF offset O/' err >&2
exit "$status"
