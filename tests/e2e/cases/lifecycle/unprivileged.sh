# Without privileges every program, and -l, gets the same answer before any
# probe is looked at (tracefs is root's only, so matching first used to say
# "does not match any probes" for syscall probes). Run as nobody, from a
# copy of the binary nobody can reach.
bin=$(mktemp -d /tmp/dtrace-unprivileged.XXXXXX)
trap 'rm -rf "$bin"' EXIT
chmod 755 "$bin"
cp "$DTRACE" "$bin/dtrace"
chmod 755 "$bin/dtrace"
as_nobody() {
  (cd / && setpriv --reuid=65534 --regid=65534 --clear-groups "$bin/dtrace" "$@")
  echo "status $?"
}
as_nobody -n 'BEGIN { exit(0); }'
as_nobody -n 'syscall:::entry'
as_nobody -n 'syscall::read:entry { @ = count(); }'
as_nobody -l
as_nobody -l -n 'syscall::read:entry'
as_nobody -e -n 'syscall:::entry'
