# ftruncate() empties the file output goes to (-o's, or freopen()'s): what
# was printed before it is gone. It is not destructive in DTrace (it only
# touches dtrace's own output), so -w is not needed.
"$DTRACE" -q -o out.txt -n 'BEGIN { printf("gone\n"); }
    BEGIN { ftruncate(); printf("kept\n"); exit(0); }'
echo "status $?"
echo "--- out.txt"
cat out.txt
"$DTRACE" -q -w -n 'BEGIN { freopen("other.txt"); printf("gone too\n"); }
    BEGIN { ftruncate(); printf("kept too\n"); freopen(""); printf("on stdout\n"); exit(0); }'
echo "status $?"
echo "--- other.txt"
cat other.txt
# Output that is not a file is left as it is.
"$DTRACE" -q -n 'BEGIN { printf("through a pipe\n"); ftruncate(); exit(0); }' | cat
