# REQUIRES: fbt
# NORMALIZE: pids
# -F with fbt: each entry prints "-> func" and indents, each return takes
# the indentation back and prints "<- func" under its entry. One read(2) of
# 64 bytes from /dev/zero, as the syscall probes mark it: vfs_read checks
# the range, then /dev/zero's read function fills the buffer. dtrace and its
# target stay on CPU 0 so the lines are one CPU's.
cat > flow.d <<'D'
syscall::read:entry
/pid == $target && arg2 == 64/
{
	self->traced = 1;
}

fbt::vfs_read:entry, fbt::vfs_read:return,
fbt::rw_verify_area:entry, fbt::rw_verify_area:return,
fbt::read_zero:entry, fbt::read_zero:return
/self->traced/
{
}

syscall::read:return
/self->traced/
{
	self->traced = 0;
}
D
taskset -c 0 "$DTRACE" -F -s flow.d -c "$PROGS/syscalls read"
