(exec -a dtrace "$DTRACE" -n) 2>err
status=$?
head -1 err
exit "$status"
