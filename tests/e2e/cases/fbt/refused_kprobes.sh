# REQUIRES: fbt
# More than 32 fbt probes are attached as kprobes (where there is no
# multi-kprobe link, as on Debian's 6.1, one each). The kernel refuses a
# kprobe on some functions ftrace traces (its kprobe blacklist: __die):
# those are left out and named, and the others are traced.
"$DTRACE" -q -n 'fbt:vmlinux:__die:entry, fbt:vmlinux:vfs_*:entry /0/ { }
    tick-1ms { printf("traced\n"); exit(0); }'
