"$DTRACE" -s no-such-script.d
