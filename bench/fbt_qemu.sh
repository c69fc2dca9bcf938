#!/usr/bin/env bash
# fbt against bpftrace on Debian 12's Linux 6.1, booted under qemu
# (tests/qemu/run.sh): this machine's kernel attaches neither kprobes nor
# fentry. Under TCG emulation absolute times mean little; the ratios
# ours/bpftrace do, since both run in the same guest, one after the other:
#   attach   wall time of a run that attaches to every vfs_* function
#            (fbt::vfs_*:entry against kprobe:vfs_*) and exits on its
#            first timer tick; with --all also every function (fbt:::entry,
#            ours only: bpftrace would attach each of tens of thousands of
#            kprobes one by one on this kernel, which has no multi-kprobe,
#            and so do we: under TCG that takes very long)
#   per event  CPU time a traced vfs_read() adds to a one-byte read() of
#            /dev/zero (fbt::vfs_read:entry, fentry here, against bpftrace's
#            kfunc:vfs_read, also fentry), median of the rounds
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
calls=100000
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

# The loop traced by a tracer started in the background: the ns a call
# takes, appended to $work/<name>, once the tracer counted every call.
traced() {  # name command...
  local name=$1 tracer waited ns
  shift
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
  kill -INT "$tracer"
  wait "$tracer"
  local counted
  counted=$(awk '/^count/ && $NF > n {n = $NF} END {print n + 0}' "$work/out")
  if ((counted < calls)); then
    echo "$name counted $counted of $calls calls: $(head -c 200 "$work/out")" >>"$work/log"
    return
  fi
  echo "$ns" >>"$work/$name"
  echo "  $name: $ns ns/call"
}

touch "$work"/{log,untraced,dtrace_vfs,bpftrace_vfs,dtrace_read,bpftrace_read,dtrace_all}
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
[[ $all == --all ]] && timed dtrace_all "$dtrace" -q -n 'fbt:::entry { @ = count(); } tick-1ms { exit(0); }'

untraced=$(median <"$work/untraced")
added() {  # name
  local m
  m=$(median <"$work/$1" 2>/dev/null)
  [[ $m == failed || -z $m ]] && { echo failed; return; }
  calc "$m - $untraced"
}
ratio() { [[ $1 == failed || $2 == failed ]] && echo - || awk "BEGIN { printf \"%.2f\", $1 / $2 }"; }
ours_attach=$(median <"$work/dtrace_vfs" 2>/dev/null)
theirs_attach=$(median <"$work/bpftrace_vfs" 2>/dev/null)
ours_read=$(added dtrace_read)
theirs_read=$(added bpftrace_read)
echo "bench (qemu, $(uname -r), TCG): $rounds rounds; untraced 1-byte read: $untraced ns/call"
printf '%-34s %10s %10s %7s\n' metric dtrace bpftrace ratio
printf '%-34s %10s %10s %7s\n' "attach vfs_* entry (ms)" "$ours_attach" "$theirs_attach" \
  "$(ratio "$ours_attach" "$theirs_attach")"
printf '%-34s %10s %10s %7s\n' "vfs_read entry, added (ns/call)" "$ours_read" "$theirs_read" \
  "$(ratio "$ours_read" "$theirs_read")"
[[ $all == --all ]] &&
  printf '%-34s %10s %10s %7s\n' "attach fbt:::entry (ms)" "$(median <"$work/dtrace_all")" - -
if [[ -s $work/log ]]; then
  echo "problems:"
  sed 's/^/  /' "$work/log"
fi
rm -rf "$work"
