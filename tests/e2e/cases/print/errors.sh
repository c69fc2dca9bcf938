# print() compile-time errors, with DTrace's messages: an aggregation, a
# void expression, a translated (dynamic) object, and a wrong number of
# arguments.
for prog in 'BEGIN { @a = count(); print(@a); }' \
    'BEGIN { print((void)1); }' 'BEGIN { print(); }' \
    'BEGIN { print(*curpsinfo); }' \
    'BEGIN { print(1, 2); }'; do
	"$DTRACE" -n "$prog"
	echo "status $?"
done
