# Syscall probe IDs depend on the kernel: the ID column is masked.
"$DTRACE" -l -n 'syscall::getppid:*' | sed -E '2,$s/^ *[0-9]+ /   NN /'
