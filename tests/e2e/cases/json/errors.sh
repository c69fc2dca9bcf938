# Run-time faults and drops under -x oformat=json are documents in the
# output stream, not text on stderr: a fault names its probe (FreeBSD's
# probe fields) and carries "error": {epid, action, offset, fault, address,
# msg}, msg being the text dtrace prints otherwise; a drop is FreeBSD's
# pseudo-probe dtrace:INTERNAL:INTERNAL:DROP with count, total, kind
# (DTrace's drop kinds: 1 for aggregation drops) and msg. The ERROR clause
# still runs, and its record comes first, as in text.
taskset -c 0 "$DTRACE" -q -x oformat=json -x aggsize=16 -n '
BEGIN { @[1] = count(); @[2] = count(); @[3] = count(); }
BEGIN { trace(*(int *)16); }
ERROR { printf("ERROR fired for epid %d\n", arg1); }
BEGIN { exit(0); }' >out
status=$?
python3 -m json.tool --json-lines <out >/dev/null || echo "json.tool refused the output"
# The DIF offset is the tool's own instruction offset: masked.
python3 "$CASE_DIR/jsonl.py" --keep-cpu <out |
  sed -E 's/"offset":[0-9]+/"offset":O/; s/DIF offset [0-9]+/DIF offset O/'
exit "$status"
