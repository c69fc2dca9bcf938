# -x oformat=json: tracemem() and printm() give {"tracemem": "<hex>"} and
# {"printm": "<hex>"} (the shown bytes, two lowercase hex digits each);
# trace() of a struct, union or array {"bytes": "<hex>"}, whatever its size
# (the text prints 1, 2, 4 or 8 bytes as an integer).
"$DTRACE" -q -x oformat=json -n '
struct two { int x; int y; };
syscall::write:entry
/pid == $target && arg2 == 32/
{
	this->buf = (char *)copyin(arg1, 32);
	tracemem(this->buf, 32, 5);
	tracemem(this->buf, 16);
	printm(4, this->buf + 16);
	trace(*(struct two *)(this->buf + 16));
}' -c "$PROGS/memwrite" >out
status=$?
python3 "$CASE_DIR/../json/jsonl.py" <out
exit "$status"
