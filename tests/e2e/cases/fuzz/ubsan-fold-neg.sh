# Found by fuzzing the compiler (issue 7): Folding -0x8000000000000000 in an array size was signed overflow; the
# literal is an unsigned long, so its negation is 2^63, too big a dimension.
# It must end in a compile error, exit status 1.
cp "$CASE_DIR/inputs/ubsan-fold-neg.d" .
"$DTRACE" -e -s ubsan-fold-neg.d
