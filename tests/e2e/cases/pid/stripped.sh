# A stripped executable keeps only .dynsym: its own functions cannot be
# named (DTrace's error, exit 1), while the libraries it maps still can.
"$DTRACE" -q -n 'pid$target:a.out:add:entry {}' -c "$PROGS/pid_target_stripped"
echo "status $?"
"$DTRACE" -q -n 'pid$target:libpidtest::entry { printf("%s\n", probefunc); }' \
  -c "$PROGS/pid_target_stripped"
