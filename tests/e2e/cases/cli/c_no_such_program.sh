# -c of a program that cannot be executed fails before anything is traced:
# no BEGIN, no END, exit status 1.
"$DTRACE" -c /no/such/prog -n 'BEGIN { printf("begin\n"); } END { printf("end\n"); }'
echo "status $?"
: >plain
chmod 644 plain
"$DTRACE" -q -c ./plain -n 'BEGIN { printf("begin\n"); } END { printf("end\n"); }'
echo "status $?"
