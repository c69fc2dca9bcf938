# aggsortkey, aggsortrev, aggsortkeypos and aggsortpos change printa() order.
prog='BEGIN {
	@a["x", 3] = sum(1); @a["y", 1] = sum(3); @a["z", 2] = sum(2);
	@b["x", 3] = sum(30); @b["y", 1] = sum(10); @b["z", 2] = sum(20);
	printa("%s %d %@d %@d\n", @a, @b);
	exit(0);
}'
for opts in "" "-x aggsortkey" "-x aggsortrev" "-x aggsortkey -x aggsortrev" \
    "-x aggsortkey -x aggsortkeypos=1" "-x aggsortpos=1"; do
  echo "== $opts"
  "$DTRACE" -q $opts -n "$prog"
done
