# "matched N probes" per -n description and per script, on stderr, with a
# singular for one probe; -q silences them.
printf 'syscall::getppid:entry, syscall::getppid:return { }\nBEGIN { exit(0); }\n' >m.d
"$DTRACE" -n 'BEGIN { exit(0); }' -n 'syscall::getppid:entry, syscall::getppid:return' >/dev/null
"$DTRACE" -s m.d >/dev/null
"$DTRACE" -q -s m.d >/dev/null
