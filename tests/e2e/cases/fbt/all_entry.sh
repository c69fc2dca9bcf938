# REQUIRES: fbt
# TIMEOUT: 120
# fbt:::entry enables every traceable kernel function (tens of thousands,
# attached as kprobes at once) and probemod names the module, vmlinux for
# the core kernel. Which other functions run varies, so only one function
# is counted exactly: /dev/zero's read_zero, once for each of the test
# program's 11 reads; and every module seen must be one the kernel has.
"$DTRACE" -q -n '
fbt:::entry /pid == $target && probefunc == "read_zero"/ { @zero[probemod, probefunc] = count(); }
fbt:::entry /pid == $target/ { @modules[probemod] = count(); }
END { printa("%s %s %@d\n", @zero); printa("module %s\n", @modules); }' \
  -c "$PROGS/syscalls read" >out
status=$?
grep -v '^module ' out
# Each module seen is vmlinux or a loaded module.
grep '^module ' out | while read -r _ module; do
  [[ $module == vmlinux || -d /sys/module/$module ]] || echo "unknown module $module"
done
grep -q '^module vmlinux$' out || echo "vmlinux not seen"
exit "$status"
