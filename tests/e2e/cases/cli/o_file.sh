# -o sends the trace output to the file, appending to what it holds.
echo "existing line" >trace.txt
"$DTRACE" -q -o trace.txt -n 'BEGIN { printf("hello %d\n", 7); exit(0); }'
echo "status $?"
echo "--- file:"
cat trace.txt
