#!/usr/bin/env bash
# Soak test of the run lifecycle (not a timed test): runs dtrace under an
# event storm for MINUTES (default 5) twice, once printing a line per event
# (printf storm) and once only aggregating (aggregation storm), then sends
# SIGINT while the storm is still on, and prints for each:
#   events/s     events dtrace printed or aggregated per second, and the
#                drops it reported (a printf storm outruns the consumer)
#   RSS          dtrace's resident set 1 s into the run, at its end, and
#                the largest sample (sampled every second)
#   drop lines   "N drops on CPU M" lines printed while tracing (DTrace
#                reports drops as they happen, once a second)
#   SIGINT->exit time from SIGINT, with the storm still on, to dtrace's exit
#   detached     whether every BPF program and link dtrace held (read from
#                its fdinfo while tracing) is gone afterwards, per bpftool
# Needs root, bpftool and a build (./build, or $BUILD_DIR).
#
#   bench/soak.sh [MINUTES] [--procs N] [--dtrace PATH]
#
# MINUTES may be a fraction (0.5). The storm is build/progs/storm: N
# processes (default 4) making getppid system calls as fast as they can.
# Exits 1 if dtrace failed, took more than 2 s to stop, or left anything
# loaded.
set -uo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${BUILD_DIR:-$repo_root/build}
dtrace=$build_dir/dtrace
storm=$build_dir/progs/storm
minutes=5
procs=4
while (($#)); do
  case $1 in
    --procs) procs=$2; shift ;;
    --dtrace) dtrace=$2; shift ;;
    -h|--help) sed -n '2,22p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    [0-9]*) minutes=$1 ;;
    *) echo "soak: unknown option '$1'" >&2; exit 2 ;;
  esac
  shift
done
for tool in bpftool "$dtrace" "$storm"; do
  command -v "$tool" >/dev/null || { echo "soak: $tool missing" >&2; exit 1; }
done
seconds=$(awk -v m="$minutes" 'BEGIN { s = int(m * 60); print (s < 5 ? 5 : s) }')
work=$(mktemp -d /tmp/soak.XXXXXX)
storm_pid=
trap '[[ -n $storm_pid ]] && kill "$storm_pid" 2>/dev/null; rm -rf "$work"' EXIT

rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status" 2>/dev/null; }
mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }

failed=0
results=()
run_storm() {  # name
  local name=$1 program out=$work/$1.out err=$work/$1.err
  case $name in
    printf)
      # Every event printed; the lines go through wc, which costs little.
      program='syscall::getppid:entry /execname == "storm"/ { printf("%d %s\n", pid, execname); }'
      ;;
    aggregation)
      # Every event aggregated three ways; one line a second says how many.
      program='syscall::getppid:entry /execname == "storm"/ {
          @calls = count(); @bytid[tid] = count(); @spread = quantize(tid); }
        tick-1s { printa("%@d\n", @calls); clear(@calls); }'
      ;;
  esac

  # The storm outlasts the run: SIGINT comes while it is on.
  "$storm" $(((seconds + 60) * 1000)) "$procs" &
  storm_pid=$!
  mkfifo "$work/$name.pipe"
  if [[ $name == printf ]]; then
    wc -l <"$work/$name.pipe" >"$out" &
  else
    cat <"$work/$name.pipe" >"$out" &
  fi
  local reader=$!
  local started=$(date +%s%N)
  "$dtrace" -q -n "$program" >"$work/$name.pipe" 2>"$err" &
  local pid=$!

  # Programs and links are in place once BEGIN has run; give it a second.
  sleep 1
  local ids rss_start rss_max rss_end rss
  ids=$(grep -h -e '^prog_id:' -e '^link_id:' /proc/$pid/fdinfo/* 2>/dev/null | sort -u)
  rss_start=$(rss_kib "$pid")
  rss_max=$rss_start
  rss_end=$rss_start
  while (($(date +%s%N) - started < seconds * 1000000000)); do
    rss=$(rss_kib "$pid")
    [[ -z $rss ]] && break  # dtrace died
    rss_end=$rss
    ((rss > rss_max)) && rss_max=$rss
    sleep 1
  done
  local drop_lines drops_seen
  drop_lines=$(grep -c 'drops\? on CPU' "$err")
  local storm_on=no
  kill -0 "$storm_pid" 2>/dev/null && storm_on=yes

  local t0=$(date +%s%N)
  kill -INT "$pid"
  wait "$pid"
  local status=$?
  local stop_ms=$((($(date +%s%N) - t0) / 1000000))
  local traced_s=$(awk -v ns=$((t0 - started)) 'BEGIN { printf "%.1f", ns / 1e9 }')
  kill "$storm_pid" 2>/dev/null
  wait "$storm_pid" 2>/dev/null
  storm_pid=
  wait "$reader"

  drops_seen=$(awk '/drops? on CPU/ { n += $2 } END { print n + 0 }' "$err")
  local events
  if [[ $name == printf ]]; then events=$(cat "$out"); else events=$(awk '{ n += $1 } END { print n + 0 }' "$out"); fi
  local rate=$(awk -v e="$events" -v s="$traced_s" 'BEGIN { printf "%.0f", e / s }')

  # The kernel frees a closed program or link after an RCU grace period.
  local left=0 kind id what
  while read -r kind id; do
    [[ -z $kind ]] && continue
    what=${kind%_id:}
    for _ in $(seq 20); do bpftool "$what" show id "$id" >/dev/null 2>&1 || break; sleep 0.1; done
    if bpftool "$what" show id "$id" >/dev/null 2>&1; then
      echo "soak: $name: $what $id still loaded after dtrace exited" >&2
      left=$((left + 1))
    fi
  done <<<"$ids"
  local nprogs=$(grep -c '^prog_id:' <<<"$ids") nlinks=$(grep -c '^link_id:' <<<"$ids")
  local detached="yes ($nprogs progs, $nlinks links)"
  ((left > 0)) && detached="NO: $left left"
  ((nprogs == 0)) && detached="unknown (no programs seen)"

  local other
  other=$(grep -v -E '^dtrace: [0-9]+ drops? on CPU [0-9]+$' "$err")
  if ((status != 0)) || ((stop_ms > 2000)) || ((left > 0)) || ((nprogs == 0)) || [[ -n $other ]]; then
    failed=1
    [[ -n $other ]] && echo "soak: $name: dtrace said: $other" >&2
    ((status != 0)) && echo "soak: $name: dtrace exited with status $status" >&2
  fi
  results+=("$(printf '%-12s %10s %12s %9s %9s %9s %10s %11s %9s ms  %-4s %s' \
    "$name" "$rate" "$drops_seen" "$(mib "$rss_start")" "$(mib "$rss_end")" \
    "$(mib "$rss_max")" "$drop_lines" "$storm_on" "$stop_ms" "$status" "$detached")")
}

echo "soak: $seconds s per storm, $procs storm processes, $(nproc) CPUs, $dtrace"
run_storm printf
run_storm aggregation
printf '%-12s %10s %12s %9s %9s %9s %10s %11s %12s  %-4s %s\n' storm events/s drops \
  'RSS@1s' 'RSS@end' 'RSS max' 'drop lines' 'storm@INT' 'SIGINT->exit' exit detached
printf '%-12s %10s %12s %9s %9s %9s %10s %11s %12s  %-4s %s\n' '' '' '(total)' MiB MiB MiB \
  '(tracing)' '' '' '' ''
for line in "${results[@]}"; do echo "$line"; done
exit "$failed"
