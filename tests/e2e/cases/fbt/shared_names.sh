# REQUIRES: fbt
# Static functions in different files may share a name: /proc/kallsyms has
# several s_show. Over 32 probes are attached as kprobes (one each where
# there is no multi-kprobe link, as on Debian's 6.1), and the kernel will not
# put a kprobe on a name it cannot tell apart (EADDRNOTAVAIL): each function
# of the name is probed at its own address instead, so the s_show that
# prints /proc/kallsyms fires, and none is left out.
"$DTRACE" -q -n 'fbt:vmlinux:s_show:entry /pid == $target/ { n++; }
    fbt:vmlinux:vfs_*:entry /0/ { }
    END { printf("%s\n", n > 0 ? "s_show fired" : "s_show did not fire"); }' \
  -c 'grep -q . /proc/kallsyms'
