# The tcp, udp and ip probes, without their IDs (which depend on how many
# tracepoints the kernel has), and the argument types -lv gives.
"$DTRACE" -l -n 'tcp:::' -n 'udp:::' -n 'ip:::' | awk '{ $1 = ""; print substr($0, 2) }'
for probe in tcp:::send tcp:::state-change udp:::receive ip:::send; do
  echo "$probe"
  "$DTRACE" -lv -n "$probe" | grep 'args\['
done
