# Every destructive action is refused when the program is enabled unless
# -w (or option destructive) allows it: DTrace's message, exit status 1.
for action in 'chill(1)' 'copyout("ab", 0, 2)' 'copyoutstr("ab", 0, 3)' 'freopen("f.txt")' \
    'breakpoint()' 'panic()' 'system("true")' 'raise(0)' 'stop()'; do
  "$DTRACE" -q -n "BEGIN { $action; exit(0); }"
  echo "$action: status $?"
done 2>&1
# Nothing was enabled: freopen() created no file.
ls f.txt 2>&1 | sed 's/^ls: //'
