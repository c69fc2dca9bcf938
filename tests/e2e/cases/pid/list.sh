# dtrace -l lists the pid probes of a -c process, libraries included. The
# empty name makes, as in DTrace, entry, return and a probe at each
# instruction offset (add is lea and ret at -O2). The ID column depends on
# the kernel's probe count and the provider on the pid: both are left out.
"$DTRACE" -l -n 'pid$target:a.out:add*:' -n 'pid$target:libpidtest.so::entry' \
  -c "$PROGS/pid_target" | awk '{ sub(/^pid[0-9]+$/, "pid<target>", $2); print $2, $3, $4, $5 }'
