# Found by compile_fuzzer (scripts/fuzz.sh): an invalid probe description of
# 2,000 bytes. The message quotes at most 330 bytes of it (DTrace's longest
# valid description is about as long), then "...".
cp "$CASE_DIR/inputs/long-probe-description.d" .
"$DTRACE" -e -s long-probe-description.d
