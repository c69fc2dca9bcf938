# bcopy()'s and copyinto()'s destination must lie inside the clause's
# scratch memory, all of it: else "invalid address" with the destination,
# checked at run time as DTrace checks it. An unreadable source is
# "invalid address" with the source. Addresses vary: masked, but for 0.
"$DTRACE" -q -x scratchsize=32 \
	-n 'BEGIN { p = (char *)alloca(8); bcopy(p, &curthread->comm[0], 1); }' \
	-n 'BEGIN { p = (char *)alloca(8); bcopy(&curthread->comm[0], p + 16, 17); }' \
	-n 'BEGIN { p = (char *)alloca(8); copyinto(0, 4, p); }' \
	-n 'BEGIN { p = (char *)alloca(8); bcopy(0, p, 4); }' \
	-n 'BEGIN { p = (char *)alloca(8); copyinto(0, 4, &curthread->comm[0]); }' \
	-n 'ERROR { printf("ERROR fault=%d action=%d\n", arg4, arg2); }' \
	-n 'BEGIN { exit(0); }' 2>err
status=$?
sed -E -e 's/DIF offset [0-9]+/DIF offset O/' -e 's/\(0x[0-9a-f]{5,}\)/(ADDR)/' err >&2
exit "$status"
