# With -n there is no script and no line number.
"$DTRACE" -xerrtags -n 'BEGIN { trace(nosuchvariable); }'
