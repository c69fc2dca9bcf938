# Found by fuzzing the compiler (issue 7): About 4,100 nested parentheses overflowed the stack.
# It must end in a compile error, exit status 1.
cp "$CASE_DIR/inputs/parens-4100.d" .
"$DTRACE" -e -s parens-4100.d
