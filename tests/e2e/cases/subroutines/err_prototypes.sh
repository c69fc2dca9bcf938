# Wrong argument counts and types, with DTrace's messages (D_PROTO_LEN,
# D_PROTO_ARG): a `const char *` parameter is shown as "string", as for
# strlen().
for program in \
	'BEGIN { trace(htons()); }' \
	'BEGIN { trace(ntohll(1, 2)); }' \
	'BEGIN { trace(htonl("80")); }' \
	'BEGIN { trace(ntohs(curthread)); }' \
	'BEGIN { trace(basename()); }' \
	'BEGIN { trace(dirname("a", "b")); }' \
	'BEGIN { trace(basename(1)); }' \
	'BEGIN { trace(dirname(curthread)); }' \
	'BEGIN { trace(strjoin("a")); }' \
	'BEGIN { trace(strjoin("a", "b", "c")); }' \
	'BEGIN { trace(strjoin("a", 1)); }' \
	'BEGIN { trace(strjoin(2, "b")); }' \
	'BEGIN { trace(lltostr()); }' \
	'BEGIN { trace(lltostr(1, 2, 3)); }' \
	'BEGIN { trace(lltostr("1")); }' \
	'BEGIN { trace(lltostr(1, "16")); }' \
	'BEGIN { trace(substr("abc")); }' \
	'BEGIN { trace(substr("abc", 1, 2, 3)); }' \
	'BEGIN { trace(substr("abc", "1")); }' \
	'BEGIN { trace(substr(1, 1)); }' \
	'BEGIN { trace(toupper()); }' \
	'BEGIN { trace(tolower(1)); }'
do
	"$DTRACE" -xerrtags -n "$program"
	echo "status $?"
done 2>&1
