# Found by fuzzing the compiler (issue 7): About 29,100 nested ?: overflowed the stack.
# It must end in a compile error, exit status 1.
cp "$CASE_DIR/inputs/ternary-29100.d" .
"$DTRACE" -e -s ternary-29100.d
