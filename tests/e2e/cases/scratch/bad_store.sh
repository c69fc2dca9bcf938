# A store through a scratch pointer must land inside the clause's scratch
# memory (-x scratchsize bytes): past its end or before its start it is
# DTrace's "invalid address" (fault 1) with the address, and the clause's
# record is discarded. Scratch addresses vary: masked, as the DIF offset.
"$DTRACE" -q -x scratchsize=16 \
	-n 'BEGIN { p = (char *)alloca(16); p[15] = 1; printf("last byte\n"); }' \
	-n 'BEGIN { p = (char *)alloca(16); printf("discarded\n"); p[16] = 1; }' \
	-n 'BEGIN { p = (char *)alloca(16); p[-1] = 1; }' \
	-n 'BEGIN { w = (long *)alloca(16); w[1]++; printf("discarded\n"); w[2]++; }' \
	-n 'ERROR { printf("ERROR fault=%d action=%d\n", arg4, arg2); }' \
	-n 'BEGIN { exit(0); }' 2>err
status=$?
sed -E -e 's/DIF offset [0-9]+/DIF offset O/' -e 's/\(0x[0-9a-f]+\)/(ADDR)/' err >&2
exit "$status"
