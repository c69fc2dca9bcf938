"$DTRACE" -l -f 'syscall::getppid' | sed -E '2,$s/^ *[0-9]+ /   NN /'
