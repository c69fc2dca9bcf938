# fds[].fi_offset is the file offset at each read: dd reads a 4 KiB file
# 1 KiB at a time (the fifth read finds its end).
head -c 4096 /dev/zero >data.bin
"$DTRACE" -q -c "dd if=data.bin of=/dev/null bs=1024" -n '
syscall::read:entry
/pid == $target && fds[arg0].fi_name == "data.bin"/
{
	printf("%s %d\n", fds[arg0].fi_name, fds[arg0].fi_offset);
}' 2>err
status=$?
grep -v "records in\|records out\|bytes.*copied\|bytes.*transferred" err >&2
exit "$status"
