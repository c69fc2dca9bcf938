# freopen(path) sends the output that follows to path (created, or
# appended to), freopen("") sends it back: to stdout, or with -o to -o's
# file. The path is a printf() format.
echo "was here" >redirected.txt
"$DTRACE" -q -w -n 'BEGIN { printf("to stdout\n"); freopen("redirected.txt");
    printf("into the file\n"); freopen("%s.%d", "part", 2); printf("into part.2\n");
    freopen(""); printf("stdout again\n"); }
    BEGIN { exit(0); }'
echo "status $?"
"$DTRACE" -q -w -o out.txt -n 'BEGIN { printf("to -o\n"); freopen("redirected.txt");
    printf("appended\n"); freopen(""); printf("-o again\n"); exit(0); }'
echo "status $?"
for f in redirected.txt part.2 out.txt; do
  echo "--- $f"
  cat "$f"
done
