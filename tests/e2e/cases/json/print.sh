# print() in JSON: {"print": {"type": <the C type as DTrace spells it>,
# "value": <the object shaped like its type>}}: structs as objects (nested
# structs nested), integers and chars as numbers, char arrays holding text
# as strings, other arrays as arrays, enums by name, pointers as hex strings.
# The objects are those of print/objects.d: the comm array, the uid, and a D
# struct laid over the zero-padded comm "syscalls".
cat > p.d <<'D'
struct inner { char c; unsigned char u; };
struct name { struct inner first; char rest[2]; int tail; char str[4]; enum pid_type type; };

syscall::getppid:entry
/pid == $target/
{
	print(curthread->comm);
	print(curthread->cred->uid);
	print(*(struct name *)&curthread->comm);
	print((void *)0x1234);
	exit(0);
}
D
"$DTRACE" -q -x oformat=json -s p.d -c "$PROGS/syscalls getppid" >out
status=$?
python3 -m json.tool --json-lines <out >/dev/null || echo "json.tool refused the output"
python3 "$CASE_DIR/jsonl.py" <out
exit "$status"
