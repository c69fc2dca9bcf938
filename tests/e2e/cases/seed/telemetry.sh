# The seed's telemetry script ("DTrace for Linux", 2018), unchanged but for
# the program it watches: a graphite line per second, "dtrace.NAME.write N
# SECONDS", where SECONDS is walltimestamp / 1000000000 printed with %lli
# (so walltimestamp must be signed, int64_t, as in DTrace). The script
# matches by execname system-wide, so the writer runs under a name no other
# process has (tele_writer, a copy of syscalls): 5 writes, then the shell
# around it sleeps past the first tick. The seconds
# must be within 5 of the host's clock; later ticks (a loaded machine) print
# the cleared count and are not compared.
cat >metrics.d <<'D'
syscall::write:entry
/ execname == "tele_writer" /
{
    @writes[execname] = count();
}

tick-1s
{
    printa("dtrace.%s.write %@u", @writes);
    printf(" %lli\n", walltimestamp / 1000000000);
    clear(@writes);
}
D
before=$(date +%s)
cp "$PROGS/syscalls" tele_writer
printf '%s\n' "./tele_writer write" "sleep 1.5" >writer.sh
"$DTRACE" -q -s metrics.d -c "/bin/sh writer.sh" >out
status=$?
after=$(date +%s)
read -r name count seconds < <(grep . out | head -1)
echo "$name $count"
if ((seconds >= before - 5 && seconds <= after + 5)); then
  echo "seconds since the epoch: now"
else
  echo "seconds since the epoch: $seconds, not within 5 s of $before..$after"
fi
exit "$status"
