"$DTRACE" -q -w -n 'BEGIN { system("echo from-system"); exit(0); }'
