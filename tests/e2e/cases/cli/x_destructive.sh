# -x destructive and #pragma D option destructive allow what -w allows;
# destructive=no leaves it refused.
"$DTRACE" -q -x destructive -n 'BEGIN { system("echo from-x-destructive"); exit(0); }'
echo "status $?"
cat > pragma.d <<'D'
#pragma D option destructive
#pragma D option quiet
BEGIN { system("echo from-pragma"); exit(0); }
D
"$DTRACE" -s pragma.d
echo "status $?"
"$DTRACE" -q -x destructive=no -n 'BEGIN { system("echo never"); exit(0); }'
echo "status $?"
