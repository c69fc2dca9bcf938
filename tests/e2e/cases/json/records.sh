# -x oformat=json: each probe record is one JSON document on its own line
# (JSON Lines) with FreeBSD's fields (timestamp, cpu, id, provider, module,
# function, name) and an "output" array of what its actions produced:
# trace() as {"value": ...}, printf() as {"message": ...} then each argument,
# system() as {"system": <its output>}. A clause with no action (the default
# action) gives a record with an empty output; exit() alone, likewise. The
# "matched" message stays text on stderr. Each line goes through Python's
# json.tool (--json-lines) and the case's own strict reader (jsonl.py).
"$DTRACE" -w -x oformat=json -n 'BEGIN {}' -n 'BEGIN {
	trace(42); trace((int8_t)-1); trace(0xffffffffffffffff); trace("a string");
	printf("%s has \"quotes\", a tab\t, a \\ and \x01 (%d)\n", "this", 7);
	system("echo from system");
	exit(0);
}' >out
status=$?
python3 -m json.tool --json-lines <out >/dev/null || echo "json.tool refused the output"
python3 "$CASE_DIR/jsonl.py" <out
exit "$status"
