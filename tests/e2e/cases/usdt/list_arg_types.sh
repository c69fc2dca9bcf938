# dtrace -lv shows the argument types of usdt probes: for stapsdt probes
# that no provider definition types, integers of each operand's size and
# sign (usdt_target.c: ints passes a signed char, an unsigned short, an
# int, an unsigned int and a long long; twice's two sites an int and a
# long, so int64_t). The ID and the pid in the provider name vary: the
# probe lines are left out.
for probe in ints twice; do
  "$DTRACE" -lv -n "usdt_test\$target:::$probe" -c "$PROGS/usdt_target" |
    sed -n '/Argument Types/,/^$/p'
done
