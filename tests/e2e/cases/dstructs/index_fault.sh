# An array index known only when the clause runs and outside the array
# (past its end, or negative) is an illegal operation, as in DTrace: the
# clause stops there, the error names the action it happened in, and later
# clauses still run. The DIF offset is the tool's own: masked.
"$DTRACE" -q -n 'int a[5]; BEGIN { i = 5; a[i] = 1; printf("not reached\n"); }' \
	-n 'BEGIN { j = -1; trace(a[j]); }' \
	-n 'BEGIN { k = 4; a[k] = 3; printf("a[4] = %d\n", a[4]); exit(0); }' 2>err
echo "status $?"
sed -E 's/DIF offset [0-9]+/DIF offset O/' err
