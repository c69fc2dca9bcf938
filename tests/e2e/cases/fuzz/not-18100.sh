# Found by fuzzing the compiler (issue 7): About 18,100 nested ! overflowed the stack.
# It must end in a compile error, exit status 1.
cp "$CASE_DIR/inputs/not-18100.d" .
"$DTRACE" -e -s not-18100.d
