"$DTRACE" -n 'nosuchprovider:::x { trace(1); }' -n 'BEGIN { exit(0); }'
