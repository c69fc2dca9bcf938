# -x metrics on a port another dtrace serves: an error before anything is
# attached, exit status 1; the first one is unaffected.
"$DTRACE" -q -x metrics=127.0.0.1:0 -n 'BEGIN { printf("ready\n"); }' >out 2>err &
first=$!
until grep -q ready out 2>/dev/null; do sleep 0.1; done
port=$(sed -n 's|^dtrace: serving metrics at http://127.0.0.1:\([0-9]*\)/metrics$|\1|p' err)
"$DTRACE" -q -x metrics=127.0.0.1:$port -n 'BEGIN { printf("second\n"); }
    tick-1ms { exit(0); }' 2>&1 | sed "s/:$port:/:PORT:/"
echo "second: ${PIPESTATUS[0]}"
kill -TERM "$first"
wait "$first"
echo "first: $?"
