# NORMALIZE: pids
# func(), sym() and mod() as aggregation keys merge per function and per
# module (caller at syscall entry is in do_syscall_64, at a kernel-specific
# offset); printa("%a") of a func() key, trace(func()) and the mod()
# action; stackdepth counts the frames stack() prints; printf("%a") of known
# kernel addresses. Offsets that depend on the kernel build become "+0x..".
cat >keys.d <<'D'
syscall::getppid:entry
/pid == $target/
{
	@f[func(caller)] = count();
	@s[sym(caller)] = count();
	@m[mod(caller)] = count();
	@d[stackdepth] = count();
}

syscall::getppid:entry
/pid == $target && !done/
{
	done = 1;
	trace(func(caller));
	mod(caller);
	printf("%a\n", caller);
	stack();
}

END
{
	printa("%a %@d\n", @f);
}
D
sed -i '1i int done;' keys.d
"$DTRACE" -q -s keys.d -c "$PROGS/syscalls getppid" | sed -E 's/\+0x[0-9a-f]+$/+0x../'
echo "status ${PIPESTATUS[0]}"
# Addresses from the symbol table: a function's start prints without an
# offset, 0x10 into it with one, and an address no symbol covers as hex.
addr=$(awk '$3 == "do_syscall_64" { print "0x" $1; exit }' /proc/kallsyms)
"$DTRACE" -q -n 'BEGIN { printf("%a|%a|%a|%-30a|\n", $1, $1 + 0x10, 0, $1); exit(0); }' "$addr"
echo "status $?"
