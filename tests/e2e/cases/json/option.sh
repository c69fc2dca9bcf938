# oformat takes text (the default) or json, from -x or #pragma D option;
# anything else is refused as DTrace refuses a bad option value, and so is
# setopt("oformat") while tracing (the format is fixed once output starts).
# -x oformat=text gives the usual text.
"$DTRACE" -x oformat=xml -n 'BEGIN { exit(0); }'
echo "status $?"
"$DTRACE" -q -x oformat=text -n 'BEGIN { trace("text"); exit(0); }'
echo "status $?"
printf '#pragma D option oformat=json\n#pragma D option quiet\nBEGIN { trace(1); exit(0); }\n' >p.d
"$DTRACE" -s p.d | python3 "$CASE_DIR/jsonl.py"
echo "status ${PIPESTATUS[0]}"
"$DTRACE" -q -x oformat=json -n 'BEGIN { setopt("oformat", "text"); trace(2); exit(0); }' |
  python3 "$CASE_DIR/jsonl.py"
echo "status ${PIPESTATUS[0]}"
