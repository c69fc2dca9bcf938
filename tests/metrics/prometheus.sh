#!/usr/bin/env bash
# The -x metrics endpoint scraped by a real Prometheus (Debian's package).
#
#   tests/metrics/prometheus.sh <dtrace> <progs dir>      (as root)
#
# Starts dtrace with -x metrics=127.0.0.1:0 on a program with a count(), a
# sum(), a max() and a quantize(), starts its own Prometheus (scraping
# dtrace every second, on loopback, with a scratch TSDB; the package's
# service plays no part), runs known workloads, waits for a scrape that
# started after they ended, reads every series through Prometheus' HTTP
# API (/api/v1/query, /api/v1/metadata), stops dtrace, and checks that each
# value Prometheus stored is what dtrace printed at exit: the counts, the
# sum, the max, every cumulative bucket of the histogram and its count.
# Exits 1 on the first difference. ctest runs it as the test `prometheus`.
set -euo pipefail

dtrace=${1:?usage: prometheus.sh <dtrace> <progs dir>}
progs=${2:?usage: prometheus.sh <dtrace> <progs dir>}
command -v prometheus > /dev/null || {
  echo "prometheus.sh: no prometheus (apt-get install prometheus; scripts/setup.sh installs it)" >&2
  exit 1
}

work=$(mktemp -d)
dtrace_pid='' prom_pid=''
cleanup() {
  [[ -n $dtrace_pid ]] && kill "$dtrace_pid" 2> /dev/null
  [[ -n $prom_pid ]] && kill "$prom_pid" 2> /dev/null
  wait 2> /dev/null
  rm -rf "$work"
}
trap cleanup EXIT

fail() {
  echo "prometheus.sh: FAIL: $*" >&2
  for f in dtrace.out dtrace.err prometheus.log; do
    [[ -s $work/$f ]] && { echo "--- $f (tail)" >&2; tail -n 20 "$work/$f" >&2; }
  done
  exit 1
}

# Waits up to $1 tenths of a second for the command after it to succeed.
wait_for() {
  local tries=$1
  shift
  while ((tries-- > 0)); do
    "$@" && return 0
    sleep 0.1
  done
  return 1
}

# GET of $2 from 127.0.0.1:$1 with bash's /dev/tcp (no curl needed): the body.
http_get() {
  local port=$1 path=$2 response
  { exec 3<> "/dev/tcp/127.0.0.1/$port"; } 2> /dev/null || return 1
  printf 'GET %s HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' "$path" >&3
  response=$(cat <&3)
  exec 3<&-
  [[ $response == "HTTP/1."?" 200"* ]] || return 1
  printf '%s\n' "${response#*$'\r\n\r\n'}"
}

urlencode() {
  local s=$1 out='' c i
  for ((i = 0; i < ${#s}; i++)); do
    c=${s:i:1}
    case $c in
      [A-Za-z0-9._~-]) out+=$c ;;
      *) out+=$(printf '%%%02X' "'$c") ;;
    esac
  done
  printf '%s' "$out"
}

# The value of the one series an instant query returns ("" when none).
query() {
  local body
  body=$(http_get "$prom_port" "/api/v1/query?query=$(urlencode "$1")") || return 1
  [[ $body == *'"status":"success"'* ]] || return 1
  sed -n 's/.*"value":\[[^,]*,"\([^"]*\)"\].*/\1/p' <<< "$body"
}

# 1. dtrace, serving on a port the kernel picks.
cat > "$work/metrics.d" <<'D'
syscall::getppid:entry /execname == "getppid_loop"/ { @calls[execname] = count(); }
syscall::read:entry /execname == "syscalls"/
{
  @sizes = quantize(arg2);
  @bytes[execname] = sum(arg2);
  @biggest = max(arg2);
}
profile:::tick-10ms /!ready/ { ready = 1; printf("ready\n"); }
END
{
  printa("bytes %s %@d\n", @bytes);
  printa("biggest %@d\n", @biggest);
  printa(@sizes);
}
D
"$dtrace" -q -x metrics=127.0.0.1:0 -s "$work/metrics.d" > "$work/dtrace.out" 2> "$work/dtrace.err" &
dtrace_pid=$!
wait_for 300 grep -qs '^ready$' "$work/dtrace.out" || fail "dtrace did not start tracing"
dtrace_port=$(sed -n 's|^dtrace: serving metrics at http://127.0.0.1:\([0-9]*\)/metrics$|\1|p' \
  "$work/dtrace.err")
[[ -n $dtrace_port ]] || fail "dtrace did not say where it serves"
exposition=$(http_get "$dtrace_port" /metrics) || fail "GET /metrics of dtrace failed"
grep -q '^# TYPE dtrace_calls_total counter$' <<< "$exposition" ||
  fail "GET /metrics of dtrace has no dtrace_calls_total: $exposition"

# 2. Prometheus, on a free port of its own (retried if another took it).
for attempt in 1 2 3 4 5; do
  prom_port=$((20000 + (RANDOM % 20000)))
  (exec 3<> "/dev/tcp/127.0.0.1/$prom_port") 2> /dev/null && continue  # in use
  cat > "$work/prometheus.yml" <<Y
global:
  scrape_interval: 1s
  scrape_timeout: 1s
scrape_configs:
  - job_name: dtrace
    static_configs:
      - targets: ['127.0.0.1:$dtrace_port']
Y
  prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/tsdb" \
    --web.listen-address="127.0.0.1:$prom_port" > "$work/prometheus.log" 2>&1 &
  prom_pid=$!
  wait_for 300 http_get "$prom_port" /-/ready > /dev/null && break
  kill "$prom_pid" 2> /dev/null
  wait "$prom_pid" 2> /dev/null || true
  prom_pid=''
done
[[ -n $prom_pid ]] || fail "Prometheus did not start"
up_now() { [[ $(query 'up{job="dtrace"}') == 1 ]]; }
wait_for 300 up_now || fail "Prometheus does not scrape dtrace (up != 1)"

# 3. The workloads, then a scrape that started after they ended (the
# aggregations are updated in the kernel as the probes fire, so that
# scrape sees their final values).
"$progs/getppid_loop" 1000 > /dev/null
"$progs/syscalls" read
ended=$(date +%s.%N)
scraped_after_end() {
  local t
  t=$(query 'timestamp(up{job="dtrace"})') || return 1
  [[ -n $t ]] && awk -v t="$t" -v e="$ended" 'BEGIN { exit !(t > e) }'
}
wait_for 300 scraped_after_end || fail "no scrape after the workload"

declare -A prom
prom[calls]=$(query 'dtrace_calls_total{key1="getppid_loop"}')
prom[bytes]=$(query 'dtrace_bytes{key1="syscalls"}')
prom[biggest]=$(query 'dtrace_biggest')
prom[count]=$(query 'dtrace_sizes_count')
metadata=$(http_get "$prom_port" '/api/v1/metadata')
buckets=$(http_get "$prom_port" "/api/v1/query?query=$(urlencode 'dtrace_sizes_bucket')")

# 4. What dtrace prints at exit.
kill -TERM "$dtrace_pid"
wait "$dtrace_pid" || fail "dtrace exited with status $?"
dtrace_pid=''
out=$work/dtrace.out
exit_calls=$(awk '$1 == "getppid_loop" { print $2 }' "$out")
exit_bytes=$(awk '$1 == "bytes" && $2 == "syscalls" { print $3 }' "$out")
exit_biggest=$(awk '$1 == "biggest" { print $2 }' "$out")

check() {  # what, prometheus value, dtrace value
  [[ -n $3 ]] || fail "$1: dtrace printed no value"
  [[ $2 == "$3" ]] || fail "$1: Prometheus has '$2', dtrace printed '$3'"
  echo "prometheus.sh: $1 = $2 in Prometheus and in dtrace's output"
}
check 'dtrace_calls_total{key1="getppid_loop"}' "${prom[calls]}" "$exit_calls"
[[ $exit_calls == 1000 ]] || fail "dtrace counted $exit_calls getppid calls, not 1000"
check 'dtrace_bytes{key1="syscalls"}' "${prom[bytes]}" "$exit_bytes"
check 'dtrace_biggest' "${prom[biggest]}" "$exit_biggest"

# The value of the bucket le="$1" among the query's results.
bucket() {
  grep -o "{[^{}]*\"le\":\"$1\"[^{}]*},\"value\":\[[^]]*\]" <<< "$buckets" |
    sed 's/.*,"\([^"]*\)"\]$/\1/' || true
}

# The quantize table: "value |@@@ count" rows, consecutive buckets. The
# bucket of a row is cumulative up to the next row's value - 1.
rows=$(awk '$2 ~ /^\|/ { print $1, $NF }' "$out")
[[ -n $rows ]] || fail "dtrace printed no quantize table"
total=0 checked=0 prev_value='' prev_count=0
while read -r value count; do
  if [[ -n $prev_value ]]; then
    total=$((total + prev_count))
    le=$((value - 1))
    got=$(bucket "$le")
    # quantize's buckets below the first and past the last with data are
    # not exposed (the +Inf bucket covers the latter).
    if [[ -n $got ]]; then
      [[ $got == "$total" ]] || fail "dtrace_sizes_bucket{le=\"$le\"}: Prometheus has $got, dtrace's table says $total"
      checked=$((checked + 1))
    elif ((prev_count != 0)); then
      fail "dtrace_sizes_bucket{le=\"$le\"} missing in Prometheus (dtrace counted $prev_count there)"
    fi
  fi
  prev_value=$value prev_count=$count
done <<< "$rows"
total=$((total + prev_count))
((checked >= 5)) || fail "only $checked histogram buckets compared"
echo "prometheus.sh: $checked cumulative buckets of dtrace_sizes_bucket match dtrace's table"
check 'dtrace_sizes_count' "${prom[count]}" "$total"
check 'dtrace_sizes_bucket{le="+Inf"}' "$(bucket '+Inf')" "$total"

for want in '"dtrace_calls":\[{"type":"counter"' '"dtrace_sizes":\[{"type":"histogram"' \
  '"dtrace_bytes":\[{"type":"gauge"' '"dtrace_biggest":\[{"type":"gauge"'; do
  grep -q "$want" <<< "$metadata" || fail "Prometheus metadata lacks $want"
done
echo "prometheus.sh: Prometheus has dtrace_calls as a counter, dtrace_sizes as a histogram"
echo "prometheus.sh: PASS"
