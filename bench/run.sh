#!/usr/bin/env bash
# Compares our dtrace with Debian's bpftrace on the same machine in one run:
#   start-up   wall time of a program that exits in BEGIN (median of N runs)
#   listing    wall time of listing every probe each tool knows (-l), per
#              probe listed (the tools list different numbers of probes)
#   per event  CPU time a traced getppid() costs on top of an untraced one,
#              from a pinned loop of getppid calls (median over rounds; the
#              untraced and both traced runs alternate within each round)
#   peak RSS   of each tool, for the start-up program and while tracing
#   strings    CPU time a traced openat() costs when its file name is an
#              aggregation key (copyinstr), and what basename() adds to that
#   uprobes    CPU time a probed call of an empty function costs on top of an
#              unprobed one (pid$target::fn:entry against uprobe:bin:fn), the
#              part of it spent in the tool's BPF programs (bpf_stats); the
#              same for a USDT probe site fired after each call
#              (bench$target:::call against usdt:bin:bench:call), and for
#              one from a dtrace -h header (dtbench:::call), and for a
#              printf() at the USDT site (a record per firing); and
#              the wall time of a run that attaches to libc's str* functions
#              (and to all of libc) and exits at once
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
uprobe_calls=200000
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
    -h|--help) sed -n '2,22p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench: unknown option '$1'" >&2; exit 2 ;;
  esac
  shift
done

for tool in bpftrace bpftool taskset /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "bench: $tool missing (scripts/setup.sh --bench)" >&2; exit 1; }
done
work=$(mktemp -d /tmp/bench.XXXXXX)
trap 'rm -rf "$work"' EXIT

# The workloads: small C programs of the test build (compiled here if the
# build has none yet, except call_loop, which needs our dtrace -h and -G).
workload() {  # name
  local path=$build_dir/progs/$1
  if [[ ! -x $path && ! -f $repo_root/tests/e2e/progs/$1.c ]]; then
    echo "bench: $path missing: build the project first" >&2
    exit 1
  elif [[ ! -x $path ]]; then
    path=$work/$1
    cc -O2 -o "$path" "$repo_root/tests/e2e/progs/$1.c" || exit 1
  fi
  echo "$path"
}
loop=$(workload getppid_loop) || exit 1
call_loop=$(workload call_loop) || exit 1
sleeper=$(workload sleeper) || exit 1
libc=$(ldd "$call_loop" | awk '$1 == "libc.so.6" {print $3}')
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
    dtrace/uprobe) cmd=("$dtrace" -q -p "$target" -n 'pid$target:a.out:empty_function:entry {
        @[probefunc] = count(); }') ;;
    bpftrace/uprobe) cmd=(bpftrace -e "uprobe:$call_loop:empty_function { @[func] = count(); }
        BEGIN { printf(\"attached\\n\"); }") ;;
    dtrace/usdt) cmd=("$dtrace" -q -p "$target" -n 'bench$target:::call { @ = count(); }') ;;
    bpftrace/usdt) cmd=(bpftrace -e "usdt:$call_loop:bench:call { @ = count(); }
        BEGIN { printf(\"attached\\n\"); }") ;;
    dtrace/usdt_h) cmd=("$dtrace" -q -p "$target" -n 'dtbench$target:::call { @ = count(); }') ;;
    bpftrace/usdt_h) cmd=(bpftrace -e "usdt:$call_loop:dtbench:call { @ = count(); }
        BEGIN { printf(\"attached\\n\"); }") ;;
    dtrace/usdt_printf) cmd=("$dtrace" -q -p "$target" -n 'bench$target:::call {
        printf("%d\n", arg0 + 1); }') ;;
    bpftrace/usdt_printf) cmd=(bpftrace -e "usdt:$call_loop:bench:call { printf(\"%d\\n\", arg0 + 1); }
        BEGIN { printf(\"attached\\n\"); }") ;;
    dtrace/attach_str) cmd=("$dtrace" -q -p "$target" -n 'pid$target:libc.so.6:str*:entry {
        @ = count(); } tick-1ms { exit(0); }') ;;
    bpftrace/attach_str) cmd=(bpftrace -p "$target" -e "uprobe:$libc:str* { @ = count(); }
        interval:ms:1 { exit(); }") ;;
    dtrace/attach_libc) cmd=("$dtrace" -q -p "$target" -n 'pid$target:libc.so.6::entry {
        @ = count(); } tick-1ms { exit(0); }') ;;
    bpftrace/attach_libc) cmd=(bpftrace -p "$target" -e "uprobe:$libc:* { @ = count(); }
        interval:ms:1 { exit(); }") ;;
    dtrace/openat_str) cmd=("$dtrace" -q -n 'syscall::openat:entry /execname == "getppid_loop"/ {
        @[copyinstr(arg1)] = count(); }') ;;
    bpftrace/openat_str) cmd=(bpftrace -e 'tracepoint:syscalls:sys_enter_openat
        /comm == "getppid_loop"/ { @[str(args->filename)] = count(); }') ;;
    dtrace/openat_basename) cmd=("$dtrace" -q -n 'syscall::openat:entry
        /execname == "getppid_loop"/ { @[basename(copyinstr(arg1))] = count(); }') ;;
    dtrace/listing) cmd=("$dtrace" -l) ;;
    bpftrace/listing) cmd=(bpftrace -l) ;;
  esac
}
calc() { awk "BEGIN { print $1 }"; }
tools=(bpftrace)
[[ -n $dtrace ]] && tools=(dtrace bpftrace)

median() { sort -g | awk '{v[NR] = $1} END {
  if (NR == 0) print "failed"; else if (NR % 2) print v[(NR + 1) / 2];
  else printf "%.1f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# Runs a tool's program for a case, appending its wall time (ms) to
# $work/<tool>.<case>; a failure is logged instead (and returns 1).
time_run() {  # tool case
  local tool=$1 case=$2 start end
  local -a cmd
  command_for "$tool" "$case"
  start=$(date +%s%N)
  if "${cmd[@]}" >"$work/out" 2>"$work/err"; then
    end=$(date +%s%N)
    calc "($end - $start) / 1000000" >>"$work/$tool.$case"
  else
    echo "$tool $case run failed (status $?): $(head -c 300 "$work/err")" >>"$work/log"
    return 1
  fi
}

# The start-up program's wall time (time_run) and its peak RSS (KiB), to
# $work/<tool>.startup_rss.
time_startup() {  # tool
  local tool=$1
  local -a cmd
  time_run "$tool" startup || return
  command_for "$tool" startup
  if /usr/bin/time -f %M -o "$work/rss" "${cmd[@]}" >/dev/null 2>&1; then
    tail -n 1 "$work/rss" >>"$work/$tool.startup_rss"
  fi
}

# Starts a tracer, waits until it has a BPF program attached, runs the loop,
# stops the tracer with SIGINT. Appends the loop's ns/call (traced) to
# $work/<tool>.traced and the tracer's peak RSS to $work/<tool>.tracing_rss
# (for the openat cases, the ns/call to $work/<tool>.<case>), after checking
# that the tracer counted every call.
traced_run() {  # tool [case]
  local tool=$1 case=${2:-tracing} time_pid tracer_pid ns counted waited
  local -a cmd loop_args=()
  [[ $case == openat_* ]] && loop_args=(openat)
  command_for "$tool" "$case"
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
  ns=$("$loop" "$calls" "$loop_cpu" "${loop_args[@]}")
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
  counted=$(awk '/getppid_loop|os-release/ {print $NF}' "$work/out")
  if [[ ${counted:-0} -lt $calls ]]; then
    echo "$tool $case counted ${counted:-no} of $calls calls; stdout: $(head -c 200 "$work/out");" \
      "time: $(head -c 100 "$work/rss")" >>"$work/log"
    return
  fi
  if [[ $case == tracing ]]; then
    echo "$ns" >>"$work/$tool.traced"
    tail -n 1 "$work/rss" >>"$work/$tool.tracing_rss"
  else
    echo "$ns" >>"$work/$tool.$case"
  fi
}

# Whether a tracer has attached its uprobe: ours holds a BPF link (the
# multi-uprobe link, or perf links), bpftrace prints "attached" from BEGIN,
# which it runs once its probes are attached.
uprobe_attached() {  # tool tracer-pid
  if [[ $1 == dtrace ]]; then grep -qs '^link_id:' /proc/"$2"/fdinfo/*
  else grep -q '^attached' "$work/out"; fi
}

# Starts call_loop held before its loop, attaches a tracer to its function
# (case uprobe) or its USDT probe (case usdt), lets it run, stops the
# tracer. Appends the loop's ns/call to $work/<tool>.<case>_traced after
# checking the tracer counted every call.
uprobe_run() {  # tool case
  local tool=$1 case=$2 target tracer waited ns counted
  local -a cmd
  rm -f "$work/go" && mkfifo "$work/go" && exec {release}<>"$work/go"
  "$call_loop" "$uprobe_calls" "$loop_cpu" wait <&"$release" >"$work/loop.out" &
  target=$!
  command_for "$tool" "$case"
  taskset -c "$tracer_cpu" "${cmd[@]}" </dev/null >"$work/out" 2>"$work/err" &
  tracer=$!
  for ((waited = 0; waited < 200; waited++)); do
    uprobe_attached "$tool" "$tracer" && break
    kill -0 "$tracer" 2>/dev/null || break
    sleep 0.1
  done
  if ! uprobe_attached "$tool" "$tracer"; then
    echo "$tool never attached its uprobe: $(head -c 300 "$work/err")" >>"$work/log"
    kill -KILL "$tracer" "$target" 2>/dev/null
    wait "$tracer" "$target" 2>/dev/null
    exec {release}>&-
    return
  fi
  sleep 0.2
  printf x >&"$release"
  for ((waited = 0; waited < 600; waited++)); do  # up to 60 s
    [[ -s $work/loop.out ]] && break
    sleep 0.1
  done
  ns=$(cat "$work/loop.out")
  bpf_time_per_run "$tracer" >>"$work/$tool.${case}_bpf"
  printf x >&"$release"
  wait "$target"
  exec {release}>&-
  kill -INT "$tracer" 2>/dev/null
  wait "$tracer" 2>/dev/null
  counted=$(awk 'NF && $NF ~ /^[0-9]+$/ {print $NF}' "$work/out" | tail -n 1)
  if [[ ${counted:-0} -lt $uprobe_calls ]]; then
    echo "$tool $case counted ${counted:-no} of $uprobe_calls calls: $(head -c 200 "$work/out")" >>"$work/log"
    return
  fi
  echo "$ns" >>"$work/$tool.${case}_traced"
}

# The time the kernel spent in a tracer's BPF programs per run (ns), from
# the run statistics of the programs it holds (kernel.bpf_stats_enabled):
# the tracer's own part of a probed call, the rest being the kernel's.
bpf_time_per_run() {  # tracer-pid
  local ids
  ids=$(grep -hs '^prog_id:' /proc/"$1"/fdinfo/* | awk '{print $2}' | sort -u)
  for id in $ids; do bpftool prog show id "$id" 2>/dev/null; done |
    awk '{ for (i = 1; i < NF; i++) { if ($i == "run_time_ns") t += $(i + 1);
                                       if ($i == "run_cnt") n += $(i + 1) } }
         END { if (n > 0) printf "%.1f\n", t / n }'
}

# Wall time (ms) of a run that attaches uprobes to a waiting process and
# exits on its first timer tick, appended to $work/<tool>.<case>.
attach_run() {  # tool case
  local tool=$1 case=$2 target start end
  local -a cmd
  "$sleeper" 600000 &
  target=$!
  command_for "$tool" "$case"
  start=$(date +%s%N)
  if BPFTRACE_MAX_PROBES=100000 timeout 300 "${cmd[@]}" >/dev/null 2>"$work/err"; then
    end=$(date +%s%N)
    calc "($end - $start) / 1000000" >>"$work/$tool.$case"
  else
    end=$(date +%s%N)
    calc "($end - $start) / 1000000" >>"$work/$tool.${case}_failed"
    echo "$tool $case failed after $(calc "($end - $start) / 1000000000") s:" \
      "$(grep -v 'RLIMIT_MEMLOCK' "$work/err" | head -c 300)" >>"$work/log"
  fi
  kill "$target" 2>/dev/null
  wait "$target" 2>/dev/null
}

echo "bench: ${startup_runs} start-up runs, ${rounds} rounds of ${calls} getppid calls" \
  "(loop on CPU $loop_cpu, tracers on CPU $tracer_cpu)"
for tool in "${tools[@]}"; do
  touch "$work/$tool".{startup,startup_rss,listing,listing_lines,listing_per_probe,traced,added,tracing_rss}
  touch "$work/$tool".{openat_str,openat_str_added,openat_basename,openat_basename_added}
  touch "$work/$tool".{uprobe_traced,uprobe_added,uprobe_bpf,attach_str,attach_libc}
  touch "$work/$tool".{usdt_traced,usdt_added,usdt_bpf,usdt_h_traced,usdt_h_added,usdt_h_bpf}
  touch "$work/$tool".{usdt_printf_traced,usdt_printf_added,usdt_printf_bpf}
done
touch "$work/log" "$work/untraced" "$work/uprobe_untraced" "$work/openat_untraced"
for ((run = 0; run < startup_runs; run++)); do
  for tool in "${tools[@]}"; do time_startup "$tool"; done
done
for ((run = 0; run < 3; run++)); do
  for tool in "${tools[@]}"; do
    time_run "$tool" listing || continue
    lines=$(wc -l <"$work/out")
    echo "$lines" >>"$work/$tool.listing_lines"
    calc "$(tail -n 1 "$work/$tool.listing") * 1000 / $lines" >>"$work/$tool.listing_per_probe"
  done
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

openat_calls=$((calls / 10))
echo "bench: ${rounds} rounds of ${openat_calls} openat calls, file name keys"
for ((round = 0; round < rounds; round++)); do
  untraced=$("$loop" "$openat_calls" "$loop_cpu" openat)
  echo "$untraced" >>"$work/openat_untraced"
  for tool in "${tools[@]}"; do
    cases=(openat_str)
    [[ $tool == dtrace ]] && cases+=(openat_basename)
    for case in "${cases[@]}"; do
      before=$(wc -l <"$work/$tool.$case")
      calls=$openat_calls traced_run "$tool" "$case"
      after=$(wc -l <"$work/$tool.$case")
      if ((after > before)); then
        calc "$(tail -n 1 "$work/$tool.$case") - $untraced" >>"$work/$tool.${case}_added"
      fi
    done
  done
done

echo "bench: ${rounds} rounds of ${uprobe_calls} probed calls, attach runs"
stats_were=$(sysctl -n kernel.bpf_stats_enabled 2>/dev/null || echo 0)
sysctl -q kernel.bpf_stats_enabled=1 2>/dev/null
for ((round = 0; round < rounds; round++)); do
  untraced=$("$call_loop" "$uprobe_calls" "$loop_cpu")
  echo "$untraced" >>"$work/uprobe_untraced"
  order=("${tools[@]}")
  ((round % 2)) && order=($(printf '%s\n' "${tools[@]}" | tac))
  for tool in "${order[@]}"; do
    for case in uprobe usdt usdt_h usdt_printf; do
      before=$(wc -l <"$work/$tool.${case}_traced")
      uprobe_run "$tool" "$case"
      after=$(wc -l <"$work/$tool.${case}_traced")
      if ((after > before)); then
        calc "$(tail -n 1 "$work/$tool.${case}_traced") - $untraced" >>"$work/$tool.${case}_added"
      fi
    done
    attach_run "$tool" attach_str
  done
done
sysctl -q kernel.bpf_stats_enabled="$stats_were" 2>/dev/null
# bpftrace attaches uprobes one at a time (minutes for libc): once each.
for tool in "${tools[@]}"; do attach_run "$tool" attach_libc; done

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
row "probe listing, per probe (us)" listing_per_probe %.2f 1.0
for tool in "${tools[@]}"; do
  [[ -s $work/$tool.listing ]] && echo "  $tool -l: $(median <"$work/$tool.listing") ms for" \
    "$(median <"$work/$tool.listing_lines") lines"
done
row "peak RSS, tracing (KiB)" tracing_rss %.0f 0.3333
echo "untraced openat+close: $(printf %.1f "$(median <"$work/openat_untraced")") ns/call"
# No target: how the two compare, and what basename() adds to ours.
echo "openat file-name key, added per call: dtrace $(value dtrace openat_str_added %.1f) ns," \
  "bpftrace $(value bpftrace openat_str_added %.1f) ns;" \
  "dtrace with basename(): $(value dtrace openat_basename_added %.1f) ns"
echo "unprobed empty_function: $(printf %.1f "$(median <"$work/uprobe_untraced")") ns/call"
row "pid probe cost per call (ns)" uprobe_added %.1f 0.9
row "  of it in BPF, per call (ns)" uprobe_bpf %.1f 0.9
row "USDT probe cost per firing (ns)" usdt_added %.1f 0.9
row "  of it in BPF, per firing (ns)" usdt_bpf %.1f 0.9
row "USDT from dtrace -h (ns)" usdt_h_added %.1f 0.9
row "  of it in BPF, per firing (ns)" usdt_h_bpf %.1f 0.9
# No issue sets a target here: a record per firing should cost no more
# than bpftrace's.
row "USDT printf per firing (ns)" usdt_printf_added %.1f 1.0
row "  of it in BPF, per firing (ns)" usdt_printf_bpf %.1f 1.0
row "attach libc str* (ms)" attach_str %.0f 0.5
row "attach all of libc (ms)" attach_libc %.0f 0.5
# bpftrace stops at the first function the kernel refuses (error 524 on
# some libc functions): the time it had spent then is less than a whole
# attach would take, so ours over it bounds the ratio from above.
if [[ -n $dtrace && -s $work/dtrace.attach_libc && ! -s $work/bpftrace.attach_libc &&
      -s $work/bpftrace.attach_libc_failed ]]; then
  failed_ms=$(median <"$work/bpftrace.attach_libc_failed")
  echo "  bpftrace failed after $(printf %.0f "$failed_ms") ms without attaching all of libc:" \
    "ratio < $(awk "BEGIN { printf \"%.4f\", $(median <"$work/dtrace.attach_libc") / $failed_ms }")"
fi
if [[ -s $work/log ]]; then
  echo "problems:"
  sed 's/^/  /' "$work/log"
fi
if $check && ((missed > 0)) || { $check && grep -q '^bpftrace' "$work/log"; }; then
  exit 1
fi
exit 0
