# Without -Z a USDT description must match a probe when tracing starts, as
# DTrace requires: libusdtdl.so is not loaded yet (here it never is), so it
# is an error (the target's pid varies: printed as PID).
"$DTRACE" -q -c "$PROGS/usdt_dlopen_target 0" -n 'usdtdl$target:::fire { @ = count(); }' 2>&1 |
  sed -E 's/usdtdl[0-9]+/usdtdlPID/'
exit "${PIPESTATUS[0]}"
