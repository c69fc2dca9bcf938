# Found by fuzzing the compiler (issue 7): Folding 0x7fffffffffffffff + 1 in an array size was signed overflow
# (undefined behaviour); D wraps, so the size is negative.
# It must end in a compile error, exit status 1.
cp "$CASE_DIR/inputs/ubsan-fold-add.d" .
"$DTRACE" -e -s ubsan-fold-add.d
