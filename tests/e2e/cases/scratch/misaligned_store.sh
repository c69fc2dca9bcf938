# A 2-, 4- or 8-byte store to scratch memory must be aligned to its size:
# else DTrace's "invalid alignment" (fault 2) with the address. Scratch
# addresses vary: masked in the messages; ERROR shows their low three bits
# (scratch memory is 8-byte aligned, so they are the offset's).
"$DTRACE" -q \
	-n 'BEGIN { i = (int *)((char *)alloca(16) + 1); *i = 5; }' \
	-n 'BEGIN { s = (short *)((char *)alloca(16) + 3); *s = 5; }' \
	-n 'BEGIN { l = (long *)((char *)alloca(16) + 4); *l = 5; }' \
	-n 'BEGIN { t = (short *)((char *)alloca(16) + 2); *t = 5; printf("aligned short %d\n", *t); }' \
	-n 'ERROR { printf("ERROR fault=%d addr&7=%d\n", arg4, arg5 & 7); }' \
	-n 'BEGIN { exit(0); }' 2>err
status=$?
sed -E -e 's/DIF offset [0-9]+/DIF offset O/' -e 's/\(0x[0-9a-f]+\)/(ADDR)/' err >&2
exit "$status"
