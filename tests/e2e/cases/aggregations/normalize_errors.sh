# normalize() and denormalize() with DTrace's compile-time messages.
for program in \
	'BEGIN { @a = count(); normalize(1, 2); }' \
	'BEGIN { @a = count(); normalize(@a, "x"); }' \
	'BEGIN { @a = count(); denormalize(); }' \
	'BEGIN { @a = count(); normalize(@a); }' \
	'BEGIN { @a = count(); trace(denormalize(@a)); }'
do
	"$DTRACE" -xerrtags -n "$program"
	echo "status $?"
done 2>&1
