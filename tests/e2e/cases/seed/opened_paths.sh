# @[copyinstr(arg1)] = count() on openat entry for the traced process; the
# loader's own opens are filtered out of the default exit-time output.
"$DTRACE" -q -c "$PROGS/syscalls open" -n '
syscall::openat:entry /pid == $target/ { @[copyinstr(arg1)] = count(); }' >out
status=$?
grep -E '^  (/etc/hostname|/nonexistent-path-for-dtrace-test) ' out
exit "$status"
