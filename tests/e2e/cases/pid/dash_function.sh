# The function `-` names an absolute address in the process (hex, as the
# probe name): in the a.out module only, one address at a time. The
# executable is not a PIE, so nm gives its addresses: offset_target + 7,
# where %rdi (arg0) holds a + b (see offset.d). The address is printed as
# ADDR.
base=$(nm "$PROGS/pid_target_nopie" | awk '$3 == "offset_target" { print $1 }')
addr=$(printf '%x' $((16#$base + 7)))
"$DTRACE" -q -n "pid\$target::-:$addr, pid\$target:a.out:-:0x$addr {
    printf(\"%s:%s:%s arg0=%d\n\", probemod, probefunc, probename, arg0); }" \
  -c "$PROGS/pid_target_nopie" | sed "s/\b$addr\b/ADDR/"
echo "status ${PIPESTATUS[0]}"
# Another module, or a glob for the address, is refused as DTrace refuses it.
"$DTRACE" -q -n "pid\$target:libc.so.6:-:$addr {}" -c "$PROGS/pid_target_nopie" 2>&1 |
  sed "s/\b$addr\b/ADDR/"
echo "status ${PIPESTATUS[0]}"
"$DTRACE" -q -n 'pid$target::-:* {}' -c "$PROGS/pid_target_nopie" 2>&1
echo "status $?"
