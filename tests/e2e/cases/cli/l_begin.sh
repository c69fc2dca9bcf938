"$DTRACE" -l -n BEGIN
