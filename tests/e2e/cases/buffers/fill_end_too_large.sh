# bufpolicy=fill sets aside the space END's records need; when that alone is
# more than bufsize, tracing cannot start (DTrace's message and status).
"$DTRACE" -q -x bufpolicy=fill -x bufsize=16 -n 'END { printf("%d %d\n", 1, 2); }'
