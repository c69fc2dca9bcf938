# Option values are checked: each bad one is DTrace's "Invalid value for
# specified option", exit 1, nothing run. -b names the value typed.
for setting in strsize=abc strsize=-1 strsize=0 strsize=3g dynvarsize=0 bufsize=100wombats \
    bufpolicy=bogus bufresize=sometimes switchrate=0 switchrate=10parsecs quiet=maybe \
    stackframes=0 aggsortpos=-1 nspec=x; do
  "$DTRACE" -x "$setting" -n 'BEGIN { printf("ran\n"); exit(0); }'
  echo "$setting: status $?"
done
"$DTRACE" -b 99999999999999999999 -n 'BEGIN { printf("ran\n"); exit(0); }'
echo "-b 99999999999999999999: status $?"
"$DTRACE" -b 4x -n 'BEGIN { printf("ran\n"); exit(0); }'
echo "-b 4x: status $?"
# Good values of each kind are accepted.
"$DTRACE" -q -x strsize=1k -x bufsize=0x100000 -x switchrate=10hz -x aggrate=100us \
  -x quiet=yes -x bufpolicy=ring -x dynvarsize=2m -n 'BEGIN { printf("ran\n"); exit(0); }'
echo "good values: status $?"
