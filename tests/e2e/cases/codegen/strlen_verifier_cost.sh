# Programs the verifier used to give up on (1M instructions) although each
# part loads alone: strlen() was a byte loop that left one verifier state
# per possible length, and each state verified the rest of the clause again
# (the pr_psargs key's loop, a second strlen()). strlen() is now one helper
# call. The psargs key (the command line, whose path varies) is masked.
cd /
{
"$DTRACE" -q -n 'BEGIN { @[curpsinfo->pr_psargs] = quantize(strlen(cwd)); exit(0); }'
echo "status $?"
"$DTRACE" -q -n 'syscall::openat:entry
/pid == $target && copyinstr(arg1) == "/etc/hostname"/
{
	@[curpsinfo->pr_psargs] = lquantize(strlen(copyinstr(arg1)), 1, 2, 1);
}' -c "$PROGS/syscalls open"
echo "status $?"
"$DTRACE" -q -n 'string s;
BEGIN { if (strlen(s) + strlen(s)) { } @[execname, curthread->comm > s] = count(); exit(0); }'
echo "status $?"
} | sed -E 's|^  /.*[^ ] *$|  <psargs>|'
