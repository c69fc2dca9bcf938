#!/usr/bin/env bash
# fbt against bpftrace on Debian 12's Linux 6.1, booted under qemu
# (tests/qemu/run.sh): this machine's kernel attaches neither kprobes nor
# fentry. Under TCG emulation absolute times mean little; the ratios
# ours/bpftrace do, since both run in the same guest, one after the other:
#   attach   wall time of a run that attaches to every vfs_* function
#            (fbt::vfs_*:entry against kprobe:vfs_*) and exits on its
#            first timer tick; with --all also every function (fbt:::entry
#            against kprobe:*), for a kernel with the multi-kprobe link
#            (QEMU_KERNEL_DEB=<Debian's 6.12>, tests/qemu/README.md): on 6.1,
#            without it, both tools attach tens of thousands of kprobes one
#            by one, about 120 ms each under TCG (357 tcp_* functions:
#            ours 43.1 s, bpftrace's 46.3 s), so well over an hour
#   per event  CPU time a traced vfs_read() adds to a one-byte read() of
#            /dev/zero (fbt::vfs_read:entry, fentry here, against bpftrace's
#            kfunc:vfs_read, also fentry): each traced loop less an
#            untraced one run just before it (the guest's speed drifts with
#            the host's load), median of the rounds; and of it, the time in
#            the tracer's BPF programs per run (kernel.bpf_stats_enabled)
#
#   bench/fbt_qemu.sh [build-dir] [rounds] [--all]   (defaults: ./build, 3)
#
# Each measurement is printed as it is taken, so a run cut short by the
# guest's time limit still tells what it got.
#
# Needs what tests/qemu/run.sh needs, and bpftrace (scripts/setup.sh --bench).
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/.." && pwd)

if [[ ${1:-} != --guest ]]; then
  build=$(realpath -e "${1:-$repo/build}") || exit 2
  rounds=${2:-3}
  QEMU_GUEST_COMMAND="bash $repo/bench/fbt_qemu.sh --guest $build $rounds ${3:-}" \
    exec "$repo/tests/qemu/run.sh" "$build"
fi

build=$2 rounds=$3 all=${4:-}
dtrace=$build/dtrace
loop=$build/progs/getppid_loop
calls=300000
work=$(mktemp -d)
calc() { awk "BEGIN { print $1 }"; }
median() { sort -g | awk '{v[NR] = $1} END {
  if (NR == 0) print "failed"; else if (NR % 2) print v[(NR + 1) / 2];
  else printf "%.1f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# Wall time (ms) of a command, appended to $work/<name>; a failure is logged.
timed() {  # name command...
  local name=$1 start end
  shift
  start=$(date +%s%N)
  if timeout 600 "$@" >"$work/out" 2>"$work/err"; then
    end=$(date +%s%N)
    calc "($end - $start) / 1000000" >>"$work/$name"
    echo "  $name: $(tail -n 1 "$work/$name") ms"
  else
    echo "$name failed (status $?): $(head -c 300 "$work/err")" >>"$work/log"
  fi
}

# The time the kernel spent in a tracer's BPF programs per run (ns), from
# the run statistics of the programs it holds.
bpf_time_per_run() {  # tracer-pid
  local ids
  ids=$(grep -hs '^prog_id:' /proc/"$1"/fdinfo/* | awk '{print $2}' | sort -u)
  for id in $ids; do bpftool prog show id "$id" 2>/dev/null; done |
    awk '{ for (i = 1; i < NF; i++) { if ($i == "run_time_ns") t += $(i + 1);
                                       if ($i == "run_cnt") n += $(i + 1) } }
         END { if (n > 0) printf "%.1f\n", t / n }'
}

# The loop traced by a tracer started in the background, once the tracer
# counted every call: the ns a call takes less those of the untraced loop
# run just before, appended to $work/<name>, and its BPF time per run to
# $work/<name>.bpf.
traced() {  # name command...
  local name=$1 tracer waited ns base bpf
  shift
  base=$("$loop" "$calls" 1 read)
  "$@" >"$work/out" 2>"$work/err" &
  tracer=$!
  for ((waited = 0; waited < 600; waited++)); do  # up to 60 s
    grep -q '^attached' "$work/out" && break
    kill -0 "$tracer" 2>/dev/null || break
    sleep 0.1
  done
  if ! grep -q '^attached' "$work/out"; then
    echo "$name never attached: $(head -c 300 "$work/err")" >>"$work/log"
    kill -KILL "$tracer" 2>/dev/null
    wait "$tracer" 2>/dev/null
    return
  fi
  ns=$("$loop" "$calls" 1 read)
  bpf=$(bpf_time_per_run "$tracer")
  kill -INT "$tracer"
  wait "$tracer"
  local counted
  counted=$(awk '/^count/ && $NF > n {n = $NF} END {print n + 0}' "$work/out")
  if ((counted < calls)); then
    echo "$name counted $counted of $calls calls: $(head -c 200 "$work/out")" >>"$work/log"
    return
  fi
  calc "$ns - $base" >>"$work/$name"
  [[ -n $bpf ]] && echo "$bpf" >>"$work/$name.bpf"
  echo "  $name: $ns ns/call, untraced just before $base, in BPF ${bpf:-?} ns/run"
}

touch "$work"/{log,untraced,dtrace_vfs,bpftrace_vfs,dtrace_read,bpftrace_read,dtrace_all,bpftrace_all}
touch "$work"/{dtrace_read,bpftrace_read}.bpf
stats_were=$(sysctl -n kernel.bpf_stats_enabled 2>/dev/null || echo 0)
sysctl -q kernel.bpf_stats_enabled=1 2>/dev/null
for ((round = 0; round < rounds; round++)); do
  timed dtrace_vfs "$dtrace" -q -n 'fbt::vfs_*:entry { @ = count(); } tick-1ms { exit(0); }'
  timed bpftrace_vfs bpftrace -e 'kprobe:vfs_* { @ = count(); } interval:ms:1 { exit(); }'
  "$loop" "$calls" 1 read >>"$work/untraced"
  echo "  untraced: $(tail -n 1 "$work/untraced") ns/call"
  traced dtrace_read "$dtrace" -q -n 'BEGIN { printf("attached\n"); }
    fbt::vfs_read:entry /execname == "getppid_loop"/ { @ = count(); }
    END { printa("count %@d\n", @); }'
  traced bpftrace_read bpftrace -e 'BEGIN { printf("attached\n"); }
    kfunc:vfs_read /comm == "getppid_loop"/ { @ = count(); }
    END { printf("count "); print(@); clear(@); }'
done
if [[ $all == --all ]]; then
  echo "  functions: ours $("$dtrace" -l -n 'fbt:::entry' 2>/dev/null | tail -n +2 | wc -l)," \
    "bpftrace's $(bpftrace -l 'kprobe:*' 2>/dev/null | wc -l)"
  timed dtrace_all "$dtrace" -q -n 'fbt:::entry { @ = count(); } tick-1ms { exit(0); }'
  echo "  (fbt:::entry: $(grep -v '^$' "$work/err" | head -c 300))"
  # bpftrace refuses more than 512 probes or programs unless told.
  BPFTRACE_MAX_PROBES=200000 BPFTRACE_MAX_BPF_PROGS=200000 \
    timed bpftrace_all bpftrace -e 'kprobe:* { @ = count(); } interval:ms:1 { exit(); }'
  echo "  (kprobe:*: $(grep -v '^$' "$work/err" | head -c 300))"
fi

sysctl -q kernel.bpf_stats_enabled="$stats_were" 2>/dev/null
untraced=$(median <"$work/untraced")
ratio() { [[ $1 == failed || $2 == failed ]] && echo - || awk "BEGIN { printf \"%.2f\", $1 / $2 }"; }
ours_attach=$(median <"$work/dtrace_vfs" 2>/dev/null)
theirs_attach=$(median <"$work/bpftrace_vfs" 2>/dev/null)
ours_read=$(median <"$work/dtrace_read")
theirs_read=$(median <"$work/bpftrace_read")
ours_bpf=$(median <"$work/dtrace_read.bpf")
theirs_bpf=$(median <"$work/bpftrace_read.bpf")
echo "bench (qemu, $(uname -r), TCG): $rounds rounds; untraced 1-byte read: $untraced ns/call"
printf '%-34s %10s %10s %7s\n' metric dtrace bpftrace ratio
printf '%-34s %10s %10s %7s\n' "attach vfs_* entry (ms)" "$ours_attach" "$theirs_attach" \
  "$(ratio "$ours_attach" "$theirs_attach")"
printf '%-34s %10s %10s %7s\n' "vfs_read entry, added (ns/call)" "$ours_read" "$theirs_read" \
  "$(ratio "$ours_read" "$theirs_read")"
printf '%-34s %10s %10s %7s\n' "  of it in BPF (ns/run)" "$ours_bpf" "$theirs_bpf" \
  "$(ratio "$ours_bpf" "$theirs_bpf")"
if [[ $all == --all ]]; then
  ours_all=$(median <"$work/dtrace_all")
  theirs_all=$(median <"$work/bpftrace_all")
  printf '%-34s %10s %10s %7s\n' "attach fbt:::entry (ms)" "$ours_all" "$theirs_all" \
    "$(ratio "$ours_all" "$theirs_all")"
fi
if [[ -s $work/log ]]; then
  echo "problems:"
  sed 's/^/  /' "$work/log"
fi
rm -rf "$work"
