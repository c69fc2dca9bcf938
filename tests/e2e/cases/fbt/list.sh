# fbt probes are listed from the kernel's BTF on any kernel, even one that
# cannot attach them, with args[] typed from the function's prototype; at
# return args[0] is the offset and args[1] the return value. Probe IDs
# depend on the kernel and are left out.
"$DTRACE" -lv -n fbt::vfs_read: | sed -E 's/^ *[0-9]+ //'
exit "${PIPESTATUS[0]}"
