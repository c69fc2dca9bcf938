# io:::start sees a write forced to disk: dd with O_DIRECT writes two 64 KiB
# blocks, each a block request with bufinfo_t, devinfo_t and fileinfo_t
# arguments. Only writes are shown: dd's own pages may be read from disk
# when the cache is cold. The disk's name depends on the machine and
# becomes DISK.
f=$(mktemp /var/tmp/dtrace-io.XXXXXX)
"$DTRACE" -q -n 'io:::start /pid == $target && (args[0]->b_flags & B_WRITE)/ {
	printf("%s %s %d %s\n", args[0]->b_flags & B_WRITE ? "write" : "read",
	    args[1]->dev_name, args[0]->b_bcount, args[2]->fi_name);
}' -c "dd if=/dev/zero of=$f bs=64k count=2 oflag=direct status=none" |
  sed -E 's/^(write|read) [a-z0-9]+ /\1 DISK /'
status=${PIPESTATUS[0]}
rm -f "$f"
exit $status
