# An unknown option: getopt's complaint (then the usage message), exit 2.
(exec -a dtrace "$DTRACE" -k) 2>err
status=$?
head -1 err
grep -q '^Usage: dtrace ' err && echo "usage printed"
exit "$status"
