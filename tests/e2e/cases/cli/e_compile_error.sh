# -e still reports compile errors.
"$DTRACE" -e -n 'BEGIN { x = ; }'
