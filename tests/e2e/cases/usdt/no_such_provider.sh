# A provider the process does not carry matches nothing, as any
# description that matches no probe (the pid in the name varies).
"$DTRACE" -q -n 'nosuch$target:::' -c "$PROGS/usdt_target" 2>&1 | sed -E 's/nosuch[0-9]+/nosuch<target>/'
exit "${PIPESTATUS[0]}"
