"$DTRACE" -q -Z -n 'nosuchprovider:::x { trace(1); }' -n 'BEGIN { printf("ran\n"); exit(0); }'
