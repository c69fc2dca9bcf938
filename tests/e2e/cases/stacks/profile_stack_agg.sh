# @[stack()] = count() from profile-997hz while a process makes system calls
# for about a second, printed as dtrace(1) prints stack-keyed aggregations:
# each entry is a blank line, one frame per line indented 14 columns, then
# the count (" %16lld") on a line of its own, ascending by count. Frames and
# counts vary from run to run, so this checks the shape line by line and
# prints stable facts about it.
"$PROGS/getppid_loop" 100000000 >/dev/null &
load=$!
"$DTRACE" -q -n 'profile-997hz { @[stack()] = count(); } tick-1s { exit(0); }' >out 2>err
status=$?
kill "$load"
wait "$load" 2>/dev/null
echo "status $status"
cat err
awk '
  NR == 1 { if ($0 != "") bad = "first line not blank"; next }
  $0 == "" { if (state == "frames") bad = "blank line inside an entry"; state = "blank"; next }
  /^              [a-z_0-9]+`[A-Za-z_0-9.]+(\+0x[0-9a-f]+)?$/ || /^              0x[0-9a-f]+$/ {
    if (state != "blank" && state != "frames") bad = "frame outside an entry: " $0
    state = "frames"; frames++
    if ($0 ~ /`do_syscall_64\+/) syscall_frames++
    next
  }
  /^ +[0-9]+$/ && length($0) == 17 {
    if (state == "blank") empty_entries++
    else if (state == "frames") entries++
    else bad = "count outside an entry: " $0
    if ($1 + 0 < last) bad = "not sorted by count: " $1 " after " last
    last = $1 + 0; total += $1; state = "value"; next
  }
  { bad = "unexpected line: " $0 }
  END {
    if (bad != "") print "BAD " bad
    print (entries > 0 ? "kernel stacks counted" : "no kernel stacks")
    print (syscall_frames > 0 ? "do_syscall_64 appears in a stack" : "do_syscall_64 missing")
    print (total >= 500 ? "at least 500 samples" : "only " total " samples")
  }' out
