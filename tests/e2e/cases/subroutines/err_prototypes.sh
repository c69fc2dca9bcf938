# Wrong argument counts and types, with DTrace's messages (D_PROTO_LEN,
# D_PROTO_ARG).
for program in \
	'BEGIN { trace(htons()); }' \
	'BEGIN { trace(ntohll(1, 2)); }' \
	'BEGIN { trace(htonl("80")); }' \
	'BEGIN { trace(ntohs(curthread)); }'
do
	"$DTRACE" -xerrtags -n "$program"
	echo "status $?"
done 2>&1
