# A NUL byte anywhere in a script is a syntax error at its line, never a
# hang: "#" then NUL used to make the lexer push empty words without end.
for text in '#\0' '# \0' '#pragma\0' '#line \0' '#define X\0' \
            'BEGIN\n{ trace("a\0b"); }' 'BEGIN { /* \0 */ }' '\n\nBEGIN { x = 1;\0 }'; do
  printf "$text" > nul.d
  "$DTRACE" -e -s nul.d
  echo "status $?"
done
