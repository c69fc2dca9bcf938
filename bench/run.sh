#!/usr/bin/env bash
# Compares our dtrace with Debian's bpftrace on the same machine in one run:
#   start-up   wall time of a program that exits in BEGIN (median of N runs)
#   per event  CPU time a traced getppid() costs on top of an untraced one,
#              from a pinned loop of getppid calls (median over rounds; the
#              untraced and both traced runs alternate within each round)
#   peak RSS   of each tool, for the start-up program and while tracing
# and prints a table with the ratio ours/bpftrace against the project's
# targets. Needs root, bpftrace, GNU time and bpftool (scripts/setup.sh
# --bench installs them) and a build (./build, or $BUILD_DIR).
#
#   bench/run.sh [--rounds N] [--calls N] [--startup-runs N]
#                [--dtrace PATH | --no-dtrace] [--check]
#
# --no-dtrace measures bpftrace alone; --check exits 1 when a target is missed
# or a tool failed. If our dtrace fails a measurement, its cell says "failed"
# and the run goes on.
set -uo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${BUILD_DIR:-$repo_root/build}
dtrace=$build_dir/dtrace
rounds=5
calls=5000000
startup_runs=10
check=false
while (($#)); do
  case $1 in
    --rounds) rounds=$2; shift ;;
    --calls) calls=$2; shift ;;
    --startup-runs) startup_runs=$2; shift ;;
    --dtrace) dtrace=$2; shift ;;
    --no-dtrace) dtrace= ;;
    --check) check=true ;;
    -h|--help) sed -n '2,17p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench: unknown option '$1'" >&2; exit 2 ;;
  esac
  shift
done

for tool in bpftrace bpftool taskset /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "bench: $tool missing (scripts/setup.sh --bench)" >&2; exit 1; }
done
work=$(mktemp -d /tmp/bench.XXXXXX)
trap 'rm -rf "$work"' EXIT

loop=$build_dir/progs/getppid_loop
if [[ ! -x $loop ]]; then  # not built yet: the program is one small C file
  loop=$work/getppid_loop
  cc -O2 -o "$loop" "$repo_root/tests/e2e/progs/getppid_loop.c" || exit 1
fi
ncpu=$(nproc)
loop_cpu=$((ncpu - 1))        # the loop gets a CPU of its own...
tracer_cpu=$((ncpu > 1 ? 0 : loop_cpu))  # ...and the tracers share another

# The programs each tool runs: the same work, in each tool's own language.
command_for() {  # tool case
  case $1/$2 in
    dtrace/startup) cmd=("$dtrace" -n 'BEGIN { exit(0); }') ;;
    bpftrace/startup) cmd=(bpftrace -e 'BEGIN { exit(); }') ;;
    dtrace/tracing) cmd=("$dtrace" -q -n 'syscall::getppid:entry { @[execname] = count(); }') ;;
    bpftrace/tracing)
      cmd=(bpftrace -e 'tracepoint:syscalls:sys_enter_getppid { @[comm] = count(); }') ;;
  esac
}
calc() { awk "BEGIN { print $1 }"; }
tools=(bpftrace)
[[ -n $dtrace ]] && tools=(dtrace bpftrace)

median() { sort -g | awk '{v[NR] = $1} END {
  if (NR == 0) print "failed"; else if (NR % 2) print v[(NR + 1) / 2];
  else printf "%.1f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# Runs a command, appending its wall time (ms) to $work/<tool>.startup and its
# peak RSS (KiB) to $work/<tool>.startup_rss; a failure is logged instead.
time_startup() {  # tool
  local tool=$1 start end
  local -a cmd
  command_for "$tool" startup
  start=$(date +%s%N)
  if "${cmd[@]}" >"$work/out" 2>"$work/err"; then
    end=$(date +%s%N)
    calc "($end - $start) / 1000000" >>"$work/$tool.startup"
  else
    echo "$tool start-up run failed (status $?): $(head -c 300 "$work/err")" >>"$work/log"
    return
  fi
  if /usr/bin/time -f %M -o "$work/rss" "${cmd[@]}" >/dev/null 2>&1; then
    tail -n 1 "$work/rss" >>"$work/$tool.startup_rss"
  fi
}

# Starts a tracer, waits until it has a BPF program attached, runs the loop,
# stops the tracer with SIGINT. Appends the loop's ns/call (traced) to
# $work/<tool>.traced and the tracer's peak RSS to $work/<tool>.tracing_rss,
# after checking that the tracer counted every call.
traced_run() {  # tool
  local tool=$1 time_pid tracer_pid ns counted waited
  local -a cmd
  command_for "$tool" tracing
  taskset -c "$tracer_cpu" /usr/bin/time -f %M -o "$work/rss" "${cmd[@]}" \
    </dev/null >"$work/out" 2>"$work/err" &
  time_pid=$!
  tracer_pid=
  for ((waited = 0; waited < 200; waited++)); do  # up to 20 s
    tracer_pid=$(cat "/proc/$time_pid/task/$time_pid/children" 2>/dev/null | awk '{print $1}')
    if [[ -n $tracer_pid ]] && bpftool perf list 2>/dev/null | grep -q "^pid $tracer_pid "; then
      break
    fi
    kill -0 "$time_pid" 2>/dev/null || break
    sleep 0.1
  done
  if ! bpftool perf list 2>/dev/null | grep -q "^pid ${tracer_pid:-none} "; then
    echo "$tool never attached: $(head -c 300 "$work/err")" >>"$work/log"
    [[ -n $tracer_pid ]] && kill -KILL "$tracer_pid" 2>/dev/null
    wait "$time_pid" 2>/dev/null
    return
  fi
  sleep 0.2
  ns=$("$loop" "$calls" "$loop_cpu")
  kill -INT "$tracer_pid"
  for ((waited = 0; waited < 300; waited++)); do  # up to 30 s
    kill -0 "$tracer_pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$tracer_pid" 2>/dev/null; then
    echo "$tool still running 30 s after SIGINT ($(grep -E '^(State|SigCgt)' \
      "/proc/$tracer_pid/status" | tr '\n\t' '  ')wchan $(cat "/proc/$tracer_pid/wchan"))" \
      >>"$work/log"
    kill -KILL "$tracer_pid" 2>/dev/null
  fi
  wait "$time_pid" 2>/dev/null
  counted=$(awk '/getppid_loop/ {print $NF}' "$work/out")
  if [[ ${counted:-0} -lt $calls ]]; then
    echo "$tool counted ${counted:-no} of $calls calls; stdout: $(head -c 200 "$work/out");" \
      "time: $(head -c 100 "$work/rss")" >>"$work/log"
    return
  fi
  echo "$ns" >>"$work/$tool.traced"
  tail -n 1 "$work/rss" >>"$work/$tool.tracing_rss"
}

echo "bench: ${startup_runs} start-up runs, ${rounds} rounds of ${calls} getppid calls" \
  "(loop on CPU $loop_cpu, tracers on CPU $tracer_cpu)"
for tool in "${tools[@]}"; do
  touch "$work/$tool".{startup,startup_rss,traced,added,tracing_rss}
done
touch "$work/log" "$work/untraced"
for ((run = 0; run < startup_runs; run++)); do
  for tool in "${tools[@]}"; do time_startup "$tool"; done
done
for ((round = 0; round < rounds; round++)); do
  untraced=$("$loop" "$calls" "$loop_cpu")
  echo "$untraced" >>"$work/untraced"
  order=("${tools[@]}")
  ((round % 2)) && order=($(printf '%s\n' "${tools[@]}" | tac))
  for tool in "${order[@]}"; do
    before=$(wc -l <"$work/$tool.traced")
    traced_run "$tool"
    after=$(wc -l <"$work/$tool.traced")
    if ((after > before)); then
      calc "$(tail -n 1 "$work/$tool.traced") - $untraced" >>"$work/$tool.added"
    fi
  done
done

value() {  # tool metric printf-format
  if [[ -s $work/$1.$2 ]]; then printf "$3" "$(median <"$work/$1.$2")"; else echo failed; fi
}
missed=0
row() {  # label metric printf-format target-ratio
  local ours theirs ratio verdict target
  target=$(printf '<= %.2f' "$4")
  theirs=$(value bpftrace "$2" "$3")
  if [[ -z $dtrace ]]; then
    ours=skipped ratio=- verdict=-
  else
    ours=$(value dtrace "$2" "$3")
    if [[ $ours == failed || $theirs == failed ]] || (($(calc "$theirs <= 0"))); then
      ratio=- verdict=MISSED
    else
      ratio=$(awk "BEGIN { printf \"%.2f\", $ours / $theirs }")
      if (($(calc "$ours / $theirs <= $4"))); then verdict=met; else verdict=MISSED; fi
    fi
    [[ $verdict == MISSED ]] && ((missed++))
  fi
  printf '%-28s %10s %10s %7s %8s  %s\n' "$1" "$ours" "$theirs" "$ratio" "$target" "$verdict"
}
echo "untraced getppid: $(printf %.1f "$(median <"$work/untraced")") ns/call"
printf '%-28s %10s %10s %7s %8s  %s\n' metric dtrace bpftrace ratio target verdict
row "start-up wall time (ms)" startup %.1f 0.2
row "added cost per event (ns)" added %.1f 0.7
row "peak RSS, start-up (KiB)" startup_rss %.0f 0.3333
row "peak RSS, tracing (KiB)" tracing_rss %.0f 0.3333
if [[ -s $work/log ]]; then
  echo "problems:"
  sed 's/^/  /' "$work/log"
fi
if $check && ((missed > 0)) || { $check && grep -q '^bpftrace' "$work/log"; }; then
  exit 1
fi
exit 0
