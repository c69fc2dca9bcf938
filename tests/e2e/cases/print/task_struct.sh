# print(*curthread) in the traced process: the whole task_struct read from
# the kernel (a few KB, typed from BTF). Values vary, so this checks the
# layout: the type line and closing brace, four-space indentation steps,
# "<type> <name> = <value>" member lines, and known members (comm as text,
# pid_t pid in hex, the nested sched_entity se). Braces are not counted:
# like illumos, an empty nested struct is opened and never closed.
"$DTRACE" -q -c "$PROGS/syscalls getppid" -n '
syscall::getppid:entry /pid == $target/ { print(*curthread); exit(0); }' >out 2>err
status=$?
cat err >&2
awk '
NR == 1 { if ($0 != "struct task_struct {") print "bad first line: " $0; next }
{ last = $0 }
/^$/ { next }
{
	match($0, /^ */); indent = RLENGTH; line = substr($0, indent + 1)
	if (indent % 4 != 0) print "indent not a multiple of 4 at line " NR
	if (indent > prev + 4) print "indent jumps at line " NR
	prev = indent; lines++
	if (line ~ /^(\}|\}, |\])$/ || line ~ /^(struct|union)  \{$/ || line ~ /^struct [a-z_]+ \{$/)
		next
	if (line !~ /^[^ ].* = /) print "not a member line at line " NR ": " $0
	if (indent == 4 && line == "char [16] comm = [ \"syscalls\" ]") comm++
	if (indent == 4 && line ~ /^pid_t pid = 0x[0-9a-f]+$/) pid++
	if (indent == 4 && line == "struct sched_entity se = {") { se++; want8 = NR + 1 }
	if (NR == want8 && indent != 8) print "se members not indented by 8"
}
END {
	if (last != "}") print "last line is not the closing brace: " last
	print "many lines:", (lines > 200), "comm:", comm, "pid:", pid, "se:", se
}' out
exit "$status"
