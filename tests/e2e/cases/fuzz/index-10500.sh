# Found by fuzzing the compiler (issue 7): About 10,500 chained subscripts (x[1][1]...) overflowed the stack.
# It must end in a compile error, exit status 1.
cp "$CASE_DIR/inputs/index-10500.d" .
"$DTRACE" -e -s index-10500.d
