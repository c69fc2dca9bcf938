# inet_ntop() with an address family other than AF_INET and AF_INET6 is an
# illegal operation at run time, and an unreadable address an invalid one,
# as in DTrace; the clause stops there and later clauses still run. Wrong
# argument counts and types are compile-time errors (D_PROTO_LEN,
# D_PROTO_ARG). The DIF offset is the tool's own: masked.
"$DTRACE" -q -n 'BEGIN { trace(inet_ntop(3, 0)); }' \
	-n 'BEGIN { trace(inet_ntop(AF_INET6, 16)); }' \
	-n 'BEGIN { trace(inet_ntoa((ipaddr_t *)8)); }' \
	-n 'BEGIN { printf("done\n"); exit(0); }' 2>err
echo "status $?"
sed -E 's/DIF offset [0-9]+/DIF offset O/' err
for program in \
	'BEGIN { trace(inet_ntoa()); }' \
	'BEGIN { trace(inet_ntoa6("::1")); }' \
	'BEGIN { trace(inet_ntop(AF_INET)); }' \
	'BEGIN { trace(inet_ntop("AF_INET", 0)); }'
do
	"$DTRACE" -xerrtags -n "$program" 2>&1
	echo "status $?"
done
