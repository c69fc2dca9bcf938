# -x metrics: what GET /metrics answers, in OpenMetrics (asked for as
# Prometheus asks) and in the 0.0.4 text format (no Accept), and a 404
# elsewhere. Every aggregation kind, filled in BEGIN so the values are
# known; keys with a quote, a backslash and a newline show the escaping.
"$DTRACE" -q -x metrics=127.0.0.1:0 -n '
BEGIN
{
  @calls["a\"b\\c"] = count();
  @calls["a\"b\\c"] = count();
  @calls["two\nlines"] = count();
  @bytes = sum(-5);
  @sizes = quantize(3);
  @sizes = quantize(100);
  @sizes = quantize(100);
  @lin["k", 2] = lquantize(5, 0, 10, 5);
  @avg = avg(4);
  @avg = avg(7);
  @low = min(7);
  @high = max(-2);
  @sd = stddev(2);
  @sd = stddev(4);
  @ = count();
  printf("ready\n");
}' >out 2>err &
dtrace_pid=$!
until grep -q ready out 2>/dev/null; do sleep 0.1; done
port=$(sed -n 's|^dtrace: serving metrics at http://127.0.0.1:\([0-9]*\)/metrics$|\1|p' err)
[[ -n $port ]] || { echo "no port in: $(cat err)"; exit 1; }

# Status line, Content-Type and body of a GET (Date and the rest vary or
# do not matter here).
get() {
  exec 3<>"/dev/tcp/127.0.0.1/$port"
  printf 'GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n%s\r\n' "$1" "$2" >&3
  tr -d '\r' <&3 | awk 'NR == 1 || /^Content-Type:/ || body { print } /^$/ { body = 1 }'
  exec 3<&-
}
echo "=== OpenMetrics"
get /metrics $'Accept: application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5\r\n'
echo "=== text 0.0.4"
get /metrics ''
echo "=== elsewhere"
get /other ''
kill -TERM "$dtrace_pid"
wait "$dtrace_pid"
echo "=== dtrace exited with $?"
echo "=== exit output"
cat out
