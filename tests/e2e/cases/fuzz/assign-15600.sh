# Found by fuzzing the compiler (issue 7): About 15,600 chained assignments (x=x=...=x) overflowed the stack.
# It must end in a compile error, exit status 1.
cp "$CASE_DIR/inputs/assign-15600.d" .
"$DTRACE" -e -s assign-15600.d
