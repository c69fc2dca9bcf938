#!/usr/bin/env bash
# Runs the end-to-end suite (tests/e2e) on a second kernel: Debian 12's own
# Linux 6.1, booted under qemu with software emulation (TCG: there is no KVM
# here). The guest's root file system is this machine's, shared read-only
# over virtio-9p under a tmpfs overlay, so the guest runs the same dtrace,
# helper programs, tools and cases as the host; only the kernel differs.
#
#   tests/qemu/run.sh [build-dir [filter]]     (default build dir: ./build)
#
# filter: as for tests/e2e/run.sh. Prints the guest's report as it comes
# (kernel, facilities, the PASS/FAIL/SKIP lines and the summary), then a
# closing line. Exits 0 only if the guest ran the suite and it passed; 1
# otherwise, including a guest that never reported (boot failure, panic,
# time-out: the end of the kernel console is printed then); 2 on bad usage.
#
# The kernel is linux-image-6.1.0-<N>-amd64, the newest in the apt lists,
# fetched with apt-get download into <build-dir>/qemu/ once and reused. Not
# the -cloud-amd64 flavour: that one is built without 9p (CONFIG_NET_9P is
# off), and the generic one is what Debian 12 installs on PCs and most VMs.
#
# QEMU_KERNEL_PACKAGE  another kernel package to boot, from the apt lists
# QEMU_KERNEL_DEB      a kernel package file to boot (e.g. Debian's 6.12 from
#                      bookworm-backports, which has the multi-kprobe link;
#                      README.md says how to fetch it)
# QEMU_TIMEOUT         seconds before the guest is killed (default 3000)
# QEMU_CPUS            guest CPUs (default 2, as on the CI machines)
# QEMU_MEMORY          guest memory in MB (default 4096: a 1 GB trace buffer
#                      must fit, as on the host)
# QEMU_BOOT_TIMEOUT    seconds the guest has to start reporting before its
#                      boot counts as hung and is tried again (default 300;
#                      three boots at most)
# QEMU_STALL_MARGIN    seconds past a case's time limit after which the guest
#                      counts as stopped and is booted again from that case
#                      (default 180; see below)
# QEMU_LOG             keep the kernel console log at this path
# QEMU_GUEST_COMMAND   a bash command to run in the guest instead of the suite
#                      (to look at something on that kernel); its exit status
#                      is the result
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
(($# <= 2)) || { sed -n '8p' "${BASH_SOURCE[0]}" | sed 's/^# */usage: /' >&2; exit 2; }
build=$(realpath -e "${1:-$repo/build}" 2>/dev/null) || { echo "qemu: no build directory '${1:-build}'" >&2; exit 2; }
filter=${2:-}
timeout_s=${QEMU_TIMEOUT:-3000}
cache=$build/qemu

# The modules that give the guest its root file system and its scratch disk,
# by name. What each needs first comes from its own .modinfo ("depends="),
# so one list serves kernels that build different pieces in (6.1 has virtio
# as modules, 6.12 builds it in); a name with no module file is built in.
wanted_modules=(virtio_pci 9pnet_virtio 9p overlay virtio_blk crc32c_generic ext4)
module_dirs=(drivers/virtio drivers/block net/9p fs lib crypto)

die() { echo "qemu: $*" >&2; echo "qemu: FAIL (the suite did not run)"; exit 1; }

for tool in qemu-system-x86_64 cpio gzip dpkg-deb apt-get mkfs.ext4; do
  command -v "$tool" >/dev/null || die "$tool is missing (scripts/setup.sh installs it)"
done
[[ -x /bin/busybox ]] && ! ldd /bin/busybox >/dev/null 2>&1 ||
  die "/bin/busybox must be the static one (package busybox-static)"
[[ -x $build/dtrace && -x $build/progs/has_facility ]] || die "no dtrace or progs in $build: build first"

# --- the kernel package --------------------------------------------------------
newest_kernel_package() {
  apt-cache search --names-only '^linux-image-6\.1\.0-[0-9]+-amd64$' 2>/dev/null |
    awk '{print $1}' | sort -V | tail -n 1
}
mkdir -p "$cache" || die "cannot create $cache"
if [[ -n ${QEMU_KERNEL_DEB:-} ]]; then
  deb=$(realpath -e "$QEMU_KERNEL_DEB" 2>/dev/null) || die "no file $QEMU_KERNEL_DEB (QEMU_KERNEL_DEB)"
  pkg=$(basename "${deb%%_*}")
  kernel_dir=$cache/kernel-$pkg
else
pkg=${QEMU_KERNEL_PACKAGE:-$(newest_kernel_package)}
if [[ -z $pkg && $EUID == 0 ]]; then
  apt-get update -q >/dev/null 2>&1
  pkg=$(newest_kernel_package)
fi
if [[ -z $pkg ]]; then  # no apt lists: whatever was fetched before will do
  deb=$(ls "$cache"/linux-image-6.1.0-*-amd64_*.deb 2>/dev/null | sort -V | tail -n 1)
  [[ -n $deb ]] || die "no linux-image-6.1.0-N-amd64 in the apt lists nor in $cache"
  pkg=$(basename "${deb%%_*}")
fi
deb=$(ls "$cache/${pkg}"_*.deb 2>/dev/null | tail -n 1)
if [[ -z $deb ]]; then
  echo "qemu: fetching $pkg"
  (cd "$cache" && apt-get download -q -o APT::Sandbox::User=root "$pkg") >"$cache/download.log" 2>&1 ||
    { cat "$cache/download.log" >&2; die "apt-get download $pkg failed"; }
  deb=$(ls "$cache/${pkg}"_*.deb 2>/dev/null | tail -n 1)
  [[ -n $deb ]] || die "apt-get download left no $pkg .deb in $cache"
  # Only the newest kernel is kept.
  find "$cache" -maxdepth 1 -name 'linux-image-*.deb' ! -name "$(basename "$deb")" -delete
  rm -rf "$cache/kernel"
fi
kernel_dir=$cache/kernel
fi
extracted="$(basename "$deb") ${module_dirs[*]}"
if [[ ! -f $kernel_dir/from || $(cat "$kernel_dir/from") != "$extracted" ]]; then
  rm -rf "$kernel_dir" && mkdir -p "$kernel_dir"
  members=('./boot/vmlinuz-*' './boot/config-*')
  for dir in "${module_dirs[@]}"; do members+=("./lib/modules/*/kernel/$dir/*"); done
  dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$kernel_dir" --wildcards "${members[@]}" 2>/dev/null
  ls "$kernel_dir"/boot/vmlinuz-* >/dev/null 2>&1 || die "no vmlinuz in $deb"
  echo "$extracted" >"$kernel_dir/from"
fi
vmlinuz=$(ls "$kernel_dir"/boot/vmlinuz-* | head -n 1)

# --- the initramfs -------------------------------------------------------------
work=$(mktemp -d "${TMPDIR:-/tmp}/dtrace-qemu.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/initramfs"/{bin,dev,proc,sys,modules}
cp /bin/busybox "$work/initramfs/bin/busybox"
ln -s busybox "$work/initramfs/bin/sh"
cp "$here/init.sh" "$work/initramfs/init"
module_file() {  # name: its file in the package, if it is a module there
  find "$kernel_dir"/lib/modules/*/kernel \( -name "$1.ko*" -o -name "${1//_/-}.ko*" \) -print -quit
}
unpacked() {  # module file: its contents, whatever the package compressed it with
  case $1 in *.xz) xz -dc "$1" ;; *.zst) zstd -q -dc "$1" ;; *.gz) gzip -dc "$1" ;; *) cat "$1" ;; esac
}
declare -A module_added=()
add_module() {  # name: copies it into the initramfs after what it depends on
  local name=$1 file dep
  local -a deps
  [[ -z ${module_added[$name]:-} ]] || return 0
  module_added[$name]=1
  file=$(module_file "$name")
  [[ -n $file ]] || return 0
  IFS=, read -r -a deps < <(unpacked "$file" | tr '\0' '\n' | sed -n 's/^depends=//p' | head -n 1)
  for dep in "${deps[@]}"; do add_module "$dep"; done
  unpacked "$file" >"$work/initramfs/modules/$name.ko" || die "cannot unpack $file"
  echo "$name" >>"$work/initramfs/modules/order"
}
for module in "${wanted_modules[@]}"; do add_module "$module"; done
for module in 9p overlay ext4; do
  [[ -n $(module_file "$module") ]] || grep -q "^CONFIG_${module^^}_FS=y" "$kernel_dir"/boot/config-* 2>/dev/null ||
    die "$pkg has no $module module"
done
quote() { printf "'%s'" "${1//\'/\'\\\'\'}"; }
pack_guest() {  # resume-from: the initramfs and a fresh scratch disk for one boot
  {
    echo "REPO=$(quote "$repo")"
    echo "BUILD=$(quote "$build")"
    echo "FILTER=$(quote "$filter")"
    echo "RESUME_FROM=$(quote "$1")"
    echo "GUEST_COMMAND=$(quote "${QEMU_GUEST_COMMAND:-}")"
    echo "NOFILE_SOFT=$(ulimit -S -n)"
    echo "NOFILE_HARD=$(ulimit -H -n)"
    echo "HOST_NAME=$(quote "$(hostname)")"
  } >"$work/initramfs/config"
  (cd "$work/initramfs" && find . | cpio -o -H newc --quiet | gzip -1) >"$work/initrd.gz" ||
    die "cannot pack the initramfs"
  # The guest's /var/tmp: a real (virtio) block device, for cases that trace
  # block I/O. Sparse, so only what the guest writes takes space.
  rm -f "$work/scratch.img"
  truncate -s 1G "$work/scratch.img" && mkfs.ext4 -q -F "$work/scratch.img" ||
    die "cannot make the scratch disk"
}
console() { tr -d '\r' <"$log" | sed -E 's/\x1b\[[0-9;?]*[A-Za-z]//g'; }

# --- the run ---------------------------------------------------------------------
# Serial port 1 (ttyS0) is the kernel console, kept in a log; port 2 (ttyS1)
# carries the guest's report, which comes out here as it is written.
log=${QEMU_LOG:-$work/console.log}
report=$work/report
all_reports=$work/all_reports
boot_timeout=${QEMU_BOOT_TIMEOUT:-300}
stall_margin=${QEMU_STALL_MARGIN:-180}
started=$(date +%s)
: >"$all_reports"
# Under emulation the guest now and then stops for good, with nothing on its
# console: during boot (the console's last words "Unstable clock detected";
# seen on 6.1.0-56 about once in four boots on a busy host) and, more
# rarely, in the middle of the suite (once in a CI run, in a case that
# passed in every other run; no lockup, stall or hung-task report, the
# console just ends). Both are retried, and said:
# - a boot that has not reported within boot_timeout is killed and tried
#   again (three boots at most): nothing of the suite ran, nothing is hidden;
# - a case still running stall_margin seconds past its own time limit (the
#   guest kills a case at its limit, so a live guest always moves on) means
#   the guest has stopped: it is killed and booted again from that case
#   (E2E_RESUME_FROM), the results before it kept. The same case stopping
#   the guest twice is a failure (then it is the case, not the emulator),
#   and so is a third stop anywhere.
# (The report reaches $report line by line: tr, writing to a pipe, would
# otherwise hold it back in 4 KiB blocks, and a guest that is busy but quiet
# would look hung.)
boot_hangs=0 stops=0 resume_from='' stalled_case=''
while :; do
pack_guest "$resume_from"
remaining=$((timeout_s - ($(date +%s) - started)))
((remaining > 0)) || break
echo "qemu: booting $(basename "$vmlinuz") ($pkg), ${QEMU_CPUS:-2} CPUs, TCG$(
  ((boot_hangs)) && echo ", boot try $((boot_hangs + 1))")$([[ -n $resume_from ]] && echo ", from $resume_from on")"
rm -f "$work/qemu.pid" "$work/boot_hung" "$work/stalled" "$work/stopped"
# A guest whose kernel has locked up never reports; rather than wait out the
# whole time limit, it is stopped once a CPU has been stuck for two minutes
# (a shorter complaint can be the host starving the emulator, and passes).
: >"$log"
: >"$report"
boot_started=$(date +%s)
(
  last_case='' last_case_seen=0
  while sleep 10; do
    [[ -s $work/qemu.pid ]] || continue
    kill -0 "$(cat "$work/qemu.pid")" 2>/dev/null || break
    now=$(date +%s)
    if [[ ! -s $report ]] && ((now - boot_started >= boot_timeout)); then
      echo "the guest did not boot within ${boot_timeout}s" >"$work/boot_hung"
      kill "$(cat "$work/qemu.pid")" 2>/dev/null
      break
    fi
    if tr -d '\r' <"$log" | grep -a -o -E 'soft lockup - CPU#[0-9]+ stuck for [0-9]+s' |
        awk '{sub(/s$/, "", $NF); if ($NF + 0 >= 120) found = 1} END {exit !found}'; then
      sleep 20  # the other CPUs' backtraces
      echo "the guest's kernel locked up" >"$work/stopped"
      kill "$(cat "$work/qemu.pid")" 2>/dev/null
      break
    fi
    case_line=$(tr -d '\r' <"$log" | grep -a -o 'e2e: starting .*' | tail -n 1)
    if [[ $case_line != "$last_case" ]]; then
      last_case=$case_line last_case_seen=$now
    elif [[ $case_line =~ time\ limit\ ([0-9]+)s ]] &&
         ((now - last_case_seen >= BASH_REMATCH[1] + stall_margin)); then
      name=${case_line#e2e: starting }
      echo "${name%% at *}" >"$work/stalled"
      kill "$(cat "$work/qemu.pid")" 2>/dev/null
      break
    fi
  done
) &
watcher=$!
# loglevel=5 puts the kernel's warnings, with their backtraces, on the
# console (quiet alone hides all but errors), and a soft lockup shows every
# CPU's stack: what a hang needs to be diagnosed from the log.
timeout -k 10 "$remaining" qemu-system-x86_64 -accel tcg -cpu max -smp "${QEMU_CPUS:-2}" \
  -m "${QEMU_MEMORY:-4096}" -nodefaults -display none -no-reboot -pidfile "$work/qemu.pid" \
  -kernel "$vmlinuz" -initrd "$work/initrd.gz" \
  -append "console=ttyS0 quiet loglevel=5 softlockup_all_cpu_backtrace=1 panic=-1" \
  -virtfs local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap \
  -drive "file=$work/scratch.img,format=raw,if=virtio,cache=unsafe" \
  -serial "file:$log" -serial stdio </dev/null 2>"$work/qemu.err" |
  stdbuf -oL tr -d '\r' | tee "$report"
qemu_status=${PIPESTATUS[0]}
kill "$watcher" 2>/dev/null
wait "$watcher" 2>/dev/null
cat "$report" >>"$all_reports"
if [[ -s $work/boot_hung ]]; then
  echo "qemu: $(cat "$work/boot_hung"); its console ended:"
  console | tail -n 3 | sed 's/^/    /'
  ((++boot_hangs < 3)) && continue
  break
fi
[[ -s $work/stalled ]] || break
stalled_case=$(cat "$work/stalled")
echo "qemu: the guest stopped in $stalled_case: ${stall_margin}s past the case's time limit," \
  "nothing more came; its console ended:"
console | grep -a -v '^e2e: starting ' | tail -n 3 | sed 's/^/    /'
((++stops))
[[ $stalled_case != "$resume_from" ]] || { echo "qemu: the same case stopped the guest twice"; break; }
((stops < 3)) || { echo "qemu: the guest stopped three times"; break; }
resume_from=$stalled_case stalled_case=''
done
elapsed=$(($(date +%s) - started))

tally() {  # across every boot's report
  local passed failed skipped
  passed=$(grep -a -c '^PASS ' "$all_reports")
  failed=$(grep -a -c '^FAIL ' "$all_reports")
  skipped=$(grep -a -c '^SKIP ' "$all_reports")
  echo "$passed passed, $failed failed, $skipped skipped$( ((stops)) &&
    echo "; the guest stopped $stops time(s) mid-run")"
}
result=$(grep -a '^qemu-guest: ' "$report" | tail -n 1)
if [[ -z $stalled_case && $result =~ ^qemu-guest:\ suite\ exited\ with\ status\ ([0-9]+)$ ]]; then
  status=${BASH_REMATCH[1]}
  # A run booted again from a case counts the failures of the runs before it.
  if ((status == 0)) && ! grep -a -q '^FAIL ' "$all_reports"; then
    echo "qemu: PASS on $(basename "$vmlinuz") in ${elapsed}s$( ((stops)) && echo ": $(tally)")"
    exit 0
  fi
  echo "qemu: FAIL on $(basename "$vmlinuz") in ${elapsed}s (suite exit status $status; $(tally))"
  exit 1
fi
if [[ -s $work/boot_hung ]]; then
  echo "qemu: FAIL: the guest did not boot in three tries"
elif [[ -n $stalled_case ]]; then
  echo "qemu: FAIL: the guest stopped in $stalled_case ($(tally))"
elif [[ -n $result ]]; then
  echo "qemu: FAIL: ${result#qemu-guest: }"
elif [[ -s $work/stopped ]]; then
  echo "qemu: FAIL: $(cat "$work/stopped") after ${elapsed}s; stopped"
elif ((elapsed >= timeout_s)); then
  echo "qemu: FAIL: the guest did not finish within ${timeout_s}s (QEMU_TIMEOUT)"
else
  echo "qemu: FAIL: the guest never reported a result (qemu exit status $qemu_status)"
fi
[[ -s $work/qemu.err ]] && sed 's/^/qemu: /' "$work/qemu.err"
echo "qemu: the end of the kernel console:"
console | tail -n 25 | sed 's/^/    /'
# Last, so that output cut in the middle still shows them: the kernel's first
# complaint, condensed to who was stuck where, and the case that was running.
complaint='soft lockup|self-detected stall|hung_task|BUG:|WARNING:|Oops'
# (grep -q would stop reading early, and pipefail would count the cut pipe.)
if console | grep -a -E "$complaint" >/dev/null; then
  echo "qemu: the guest's kernel first complained:"
  console | awk -v re="$complaint" '
    !started && $0 ~ re { started = 1 }
    !started { next }
    ++seen > 200 { exit }
    { sub(/^\[ *[0-9.]+\] /, "") }
    /BUG:|WARNING:|Oops|stall|NMI backtrace|^CPU: |RIP: / { flush(); print "    " $0; next }
    /^ *[A-Za-z_][A-Za-z0-9_.]*\+0x[0-9a-f]+\/0x[0-9a-f]+/ { trace = trace (trace ? " < " : "") $1 }
    function flush() { if (trace) print "      stack: " trace; trace = "" }
    END { flush() }' | head -n 30
fi
started_case=$(console | grep -a '^e2e: starting ' | tail -n 1)
[[ -n $started_case ]] && echo "qemu: the last case the guest started: ${started_case#e2e: starting }"
exit 1
