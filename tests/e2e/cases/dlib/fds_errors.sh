# fds[] takes one integer key.
"$DTRACE" -xerrtags -n 'BEGIN { trace(fds[0, 1].fi_name); }'
echo "status $?"
"$DTRACE" -xerrtags -n 'BEGIN { trace(fds["0"].fi_name); }'
echo "status $?"
