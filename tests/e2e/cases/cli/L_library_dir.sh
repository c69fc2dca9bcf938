# -L adds a directory of D library files: its inlines and translators are
# there for every program, as with DTrace's /usr/lib/dtrace.
lib=$(mktemp -d)
cat > "$lib/mine.d" <<'D'
inline int ANSWER = 42;
struct point { int x; int y; };
typedef struct point point_t;
translator point_t < struct task_struct *T > { x = T->tgid; y = 7; };
D
"$DTRACE" -q -L "$lib" -n 'BEGIN {
	printf("%d %d %d\n", ANSWER, xlate <point_t *> (curthread)->x == pid,
	    xlate <point_t *> (curthread)->y);
	exit(0);
}'
status=$?
"$DTRACE" -q -L /nonexistent-dtrace-libdir -n 'BEGIN { exit(0); }'
echo "missing directory: status $?"
rm -rf "$lib"
exit $status
