"$DTRACE" -l -P dtrace
