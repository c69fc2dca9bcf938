# Without -Z a description must match a function when tracing starts, as
# DTrace's pid provider requires: libdltest.so is not loaded yet, so it is
# an error (the target's pid varies: printed as pidPID).
"$DTRACE" -q -c "$PROGS/dlopen_target 1" -n 'pid$target:libdltest.so::entry {}' 2>&1 |
  sed -E 's/pid[0-9]+/pidPID/'
exit "${PIPESTATUS[0]}"
