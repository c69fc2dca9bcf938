# Found by fuzzing the compiler (issue 7): About 29,100 nested casts ((int)(int)...) overflowed the stack.
# It must end in a compile error, exit status 1.
cp "$CASE_DIR/inputs/cast-29100.d" .
"$DTRACE" -e -s cast-29100.d
