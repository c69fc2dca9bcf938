# Found by fuzzing the compiler (issue 7): About 52,800 nested blocks ({{{...}}}) overflowed the stack.
# It must end in a compile error, exit status 1.
cp "$CASE_DIR/inputs/braces-52800.d" .
"$DTRACE" -e -s braces-52800.d
