# proc:::exec-success fires in the new program: execname and curpsinfo show
# it with its arguments. The programs' directory is replaced by PROGS.
"$DTRACE" -q -n 'proc:::exec-success /pid == $target/ {
	printf("%s|%s|%s\n", execname, curpsinfo->pr_fname, curpsinfo->pr_psargs);
}' -c "$PROGS/syscalls getppid" | sed "s|$PROGS|PROGS|g"
