# Without -w a destructive action is refused when the program is enabled.
"$DTRACE" -q -n 'BEGIN { system("echo hi"); exit(0); }'
