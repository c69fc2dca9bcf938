# cwd and root of the D library: the traced process's working and root
# directories as full paths, across mount points (/tmp, /proc) and deep
# directories.
deep=$(mktemp -d /tmp/dtrace-cwd.XXXXXX)
mkdir -p "$deep/a/b/c/d/e/f/g/h/i/j"
for dir in / /tmp /proc/self/fdinfo "$deep/a/b/c/d/e/f/g/h/i/j"; do
  (cd "$dir" && "$DTRACE" -q -n 'syscall::getppid:entry /pid == $target/ {
	printf("%s|%s\n", cwd, root);
	exit(0);
  }' -c "$PROGS/syscalls getppid") | sed -e "s|$deep|DEEP|" -e 's|^/proc/[0-9]*/|/proc/PID/|'
done
rm -rf "$deep"
