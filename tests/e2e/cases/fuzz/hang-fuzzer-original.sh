# Found by fuzzing the compiler (issue 7): NUL bytes in a #pragma line made the lexer push empty words until memory ran out.
# It must end in a compile error, exit status 1.
cp "$CASE_DIR/inputs/hang-fuzzer-original.d" .
"$DTRACE" -e -s hang-fuzzer-original.d
