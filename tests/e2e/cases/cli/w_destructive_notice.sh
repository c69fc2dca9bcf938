# NORMALIZE: cpu-id
# DTrace announces -w once tracing is on (stderr), and -q silences the
# notice as it silences the "matched" lines; without -w there is none.
"$DTRACE" -w -n 'BEGIN { exit(0); }'
echo "-q:"
"$DTRACE" -q -w -n 'BEGIN { printf("quiet\n"); exit(0); }'
echo "no -w:"
"$DTRACE" -n 'BEGIN { exit(0); }'
