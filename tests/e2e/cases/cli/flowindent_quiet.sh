# -q with -F: quiet prints no column headers and no CPU ID (the Guide's -q),
# so only the traced data is left.
"$DTRACE" -q -F -n 'pid$target:a.out:add:return { printf("%d\n", arg1); }' \
    -c "$PROGS/pid_target"
