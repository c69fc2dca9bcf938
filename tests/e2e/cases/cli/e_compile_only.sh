"$DTRACE" -e -n 'BEGIN { printf("should not run\n"); exit(0); }'
