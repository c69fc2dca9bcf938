# stack() takes at most one argument, a constant frame count; a stack is
# recorded or used as a key, never computed with; func() wants an address.
"$DTRACE" -xerrtags -n 'BEGIN { stack(5, 1); }'
"$DTRACE" -xerrtags -n 'BEGIN { x = stack(); }'
"$DTRACE" -xerrtags -n 'BEGIN { func("main"); }'
