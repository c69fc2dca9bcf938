# proc:::exec-success fires in the new program: execname and curpsinfo show
# it with its arguments. dtrace -c holds its process at the exec of the
# command, before tracing starts (as DTrace does), so the exec traced here is
# the one a wrapper script makes. The programs' directory is replaced by PROGS.
printf '#!/bin/sh\nexec "$@"\n' >wrap
chmod +x wrap
"$DTRACE" -q -n 'proc:::exec-success /pid == $target/ {
	printf("%s|%s|%s\n", execname, curpsinfo->pr_fname, curpsinfo->pr_psargs);
}' -c "./wrap $PROGS/syscalls getppid" | sed "s|$PROGS|PROGS|g"
