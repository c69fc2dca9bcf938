# Found by fuzzing the compiler (issue 7): Folding 0x8000000000000000 / -1 in an array size killed the compiler with
# SIGFPE; as in C, -1 converts to the unsigned long ULONG_MAX, so the size is 0.
# It must end in a compile error, exit status 1.
cp "$CASE_DIR/inputs/sigfpe-fold-div.d" .
"$DTRACE" -e -s sigfpe-fold-div.d
