# The psinfo_t and lwpsinfo_t translators of the D library, through
# curpsinfo and curlwpsinfo, seen from a known test process. The programs'
# directory varies between checkouts and is replaced by PROGS.
"$DTRACE" -q -n 'syscall::getppid:entry /pid == $target/ {
	printf("%s|%s|%d %d %d %d\n", curpsinfo->pr_fname, curpsinfo->pr_psargs,
	    curpsinfo->pr_pid == pid, curpsinfo->pr_ppid == ppid,
	    curpsinfo->pr_uid == uid, curlwpsinfo->pr_lwpid == tid);
	printf("%c %d %s %s %d\n", curlwpsinfo->pr_sname, curlwpsinfo->pr_state,
	    curlwpsinfo->pr_clname, curlwpsinfo->pr_name, curlwpsinfo->pr_onpro == cpu);
	exit(0);
}' -c "$PROGS/syscalls getppid" | sed "s|$PROGS|PROGS|g"
