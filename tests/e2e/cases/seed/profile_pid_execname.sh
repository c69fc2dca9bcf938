# profile-997hz /arg1/ { @[pid, execname] = count(); } while spin runs: the
# key (spin's pid, "spin") is there. Other processes may appear too.
"$DTRACE" -q -c "$PROGS/spin 500" -n '
BEGIN { printf("target %d\n", $target); }
profile-997hz /arg1/ { @[pid, execname] = count(); }
END { printa("key %d %s\n", @); }' >out
status=$?
target=$(awk '$1 == "target" { print $2 }' out)
grep -qx "key $target spin" out && echo "spin's key present"
exit "$status"
