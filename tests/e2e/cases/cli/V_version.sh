"$DTRACE" -V | grep -Eo '^dtrace: Sun D 1\.[0-9]+'
exit "${PIPESTATUS[0]}"
