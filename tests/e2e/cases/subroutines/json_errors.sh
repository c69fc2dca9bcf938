# json()'s prototype, string json(const char *, const char *): wrong
# argument counts and types with DTrace's messages (D_PROTO_LEN,
# D_PROTO_ARG; a `const char *` parameter is shown as "string", as for
# strlen()). Its value is a string.
for program in \
	'BEGIN { trace(json()); }' \
	'BEGIN { trace(json("{}")); }' \
	'BEGIN { trace(json("{}", "a", "b")); }' \
	'BEGIN { trace(json(1, "a")); }' \
	'BEGIN { trace(json("{}", 7)); }' \
	'BEGIN { trace(json("{}", curthread)); }' \
	'BEGIN { x = json("[1]", "0") + 1; }' \
	'BEGIN { printf("%d\n", json("[1]", "0")); }'
do
	"$DTRACE" -xerrtags -n "$program"
	echo "status $?"
done 2>&1
