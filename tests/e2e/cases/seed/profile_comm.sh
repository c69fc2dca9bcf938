# Issue 3's seed: profile-997hz { @[stringof(curthread->comm)] = count(); }
# while spin burns 500 ms of CPU. Every output line is DTrace's
# "  key  count" layout; spin's count shows most of its 500 ms was sampled
# (at 997 Hz, 500 ms is about 498 samples).
"$DTRACE" -q -c "$PROGS/spin 500" -n '
profile-997hz { @[stringof(curthread->comm)] = count(); }' >out
status=$?
awk 'NF == 0 { next }
     !/^  [^ ].* +[0-9]+$/ { print "badly formatted line: " $0 }
     $1 == "spin" { print "spin", ($2 >= 350 ? "sampled" : "sampled only " $2 " times") }' out
exit "$status"
