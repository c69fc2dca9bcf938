# The seed's telemetry script (seed/telemetry.sh) rewritten for
# -x oformat=json: no printf format to parse back with a regular expression;
# each tick-1s record carries its wall-clock "timestamp" and printa()'s
# aggregation as data. The consumer (Python, reading the pipe line by line
# while dtrace runs) turns it into graphite's "dtrace.NAME.write N SECONDS"
# lines. The documents must reach it while tracing goes on, not at exit:
# the traced shell waits (up to 20 s) for the consumer to say it has read
# the first one, and says whether it heard. Seconds must be within 5 of the
# host's clock; later ticks print the cleared aggregation and are not
# compared.
cat >metrics.d <<'D'
syscall::write:entry
/ execname == "tele_writer" /
{
    @writes[execname] = count();
}

tick-1s
{
    printa(@writes);
    clear(@writes);
}
D
cat >to_graphite.py <<'P'
import json, sys
lines = []
for line in sys.stdin:
    doc = json.loads(line)
    for item in doc.get("output", []):
        for entry in item.get("aggregation-data", []):
            lines.append("dtrace.%s.write %d %d" % (entry["keys"][0], entry["count"],
                                                    doc["timestamp"] // 10**9))
            open("seen", "w").close()
print(lines[0] if lines else "no graphite line")
P
before=$(date +%s)
cp "$PROGS/syscalls" tele_writer
cat >writer.sh <<'W'
./tele_writer write
i=0
while [ ! -e seen ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
if [ -e seen ]; then echo "read while tracing" >heard; fi
W
"$DTRACE" -q -x oformat=json -s metrics.d -c "/bin/sh writer.sh" | python3 to_graphite.py >out
status=${PIPESTATUS[0]}
after=$(date +%s)
read -r name count seconds < <(head -1 out)
echo "$name $count"
if ((seconds >= before - 5 && seconds <= after + 5)); then
  echo "seconds since the epoch: now"
else
  echo "seconds since the epoch: $seconds, not within 5 s of $before..$after"
fi
cat heard 2>/dev/null || echo "the consumer read nothing while tracing"
exit "$status"
