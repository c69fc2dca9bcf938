# trunc() ranks func() keys per function, as they print: two PCs in
# do_syscall_64 (2 + 2) outrank the single address 0 (3).
addr=$(awk '$3 == "do_syscall_64" { print "0x" $1; exit }' /proc/kallsyms)
"$DTRACE" -q -n 'BEGIN {
	@[func($1)] = sum(2); @[func($1 + 8)] = sum(2); @[func(0)] = sum(3);
	trunc(@, 1);
	exit(0);
}' "$addr"
