# Found by fuzzing the compiler (issue 7): About 36,300 minus signs (lexed as --) overflowed the stack.
# It must end in a compile error, exit status 1.
cp "$CASE_DIR/inputs/unary-36300.d" .
"$DTRACE" -e -s unary-36300.d
