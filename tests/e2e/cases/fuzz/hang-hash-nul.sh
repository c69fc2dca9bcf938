# Found by fuzzing the compiler (issue 7): The two bytes "#" and NUL made the lexer push empty words forever (2.2 GB in 2 s).
# It must end in a compile error, exit status 1.
cp "$CASE_DIR/inputs/hang-hash-nul.d" .
"$DTRACE" -e -s hang-hash-nul.d
