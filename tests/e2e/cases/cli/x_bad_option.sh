"$DTRACE" -x nosuchoption=1 -n 'BEGIN { exit(0); }'
