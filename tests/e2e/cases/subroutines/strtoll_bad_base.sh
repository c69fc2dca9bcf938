# A base outside 2..36 (0 included, as in illumos) is an illegal operation
# at run time; the clause stops there and later clauses still run. The DIF
# offset is the tool's own instruction offset: masked.
"$DTRACE" -q -n 'BEGIN { trace(strtoll("10", 1)); }' -n 'BEGIN { b = 37; trace(strtoll("10", b)); }' \
	-n 'BEGIN { b = 0; trace(strtoll("10", b)); }' \
	-n 'BEGIN { printf("%d\n", strtoll("10", 36)); exit(0); }' 2>err
status=$?
sed -E 's/DIF offset [0-9]+/DIF offset O/' err >&2
exit "$status"
