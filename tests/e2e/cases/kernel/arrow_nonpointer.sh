# -> on an integer, and . on a pointer.
"$DTRACE" -xerrtags -n 'BEGIN { trace(pid->x); }'
"$DTRACE" -xerrtags -n 'BEGIN { trace(curthread.pid); }'
