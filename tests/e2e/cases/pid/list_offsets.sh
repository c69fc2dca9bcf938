# dtrace -l with an empty (or glob) probe name lists, as illumos makes
# them, entry, return and a probe at every instruction offset of the
# function, named in hex; a glob keeps the offsets whose hex name it
# matches. offset_target is assembly (pid_target.c): instructions at 0, 4,
# 7, e and 11. The ID column and the pid are left out.
list() {
  "$DTRACE" -l -n "$1" -c "$PROGS/pid_target" |
    awk 'NR > 1 { sub(/^pid[0-9]+$/, "pid<target>", $2); print $2, $3, $4, $5 }'
}
list 'pid$target:a.out:offset_target:'
echo "--"
list 'pid$target:a.out:offset_target:1*'
