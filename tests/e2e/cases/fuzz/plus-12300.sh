# Found by fuzzing the compiler (issue 7): A chain of about 12,300 additions (1+1+...) overflowed the stack in semantic
# analysis: the parser builds chains in a loop, but they are deep trees.
# It must end in a compile error, exit status 1.
cp "$CASE_DIR/inputs/plus-12300.d" .
"$DTRACE" -e -s plus-12300.d
