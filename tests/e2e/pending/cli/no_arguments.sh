(exec -a dtrace "$DTRACE") 2>err
status=$?
head -1 err
exit "$status"
