# REQUIRES: fbt
# NORMALIZE: pids
# stack() at an fbt entry probe starts at the traced function's caller, as
# in DTrace: read_zero is called by vfs_read for each of the 11 reads of
# /dev/zero. Offsets depend on the kernel's build and are cut off.
"$DTRACE" -q -n 'fbt::read_zero:entry /pid == $target/ { @[stack()] = count(); }' \
  -c "$PROGS/syscalls read" | sed -E 's/\+0x[0-9a-f]+$//'
exit "${PIPESTATUS[0]}"
