#!/usr/bin/env bash
# Installs the dtrace .deb into a fresh Debian 12 (bookworm) chroot made with
# debootstrap and runs it there: what a user of a clean system gets.
#
#   tests/package/run.sh [--build DIR] [--deb FILE] [--mirror URL]
#                        [--tarball FILE] [--keep]
#
#   --build DIR    the configured build tree to make the .deb from with cpack
#                  (default: ./build, or $BUILD_DIR)
#   --deb FILE     install this .deb instead of building one
#   --mirror URL   Debian mirror for debootstrap and apt (default: the one
#                  this machine's apt uses for bookworm, else deb.debian.org)
#   --tarball FILE keep debootstrap's downloaded packages in FILE and reuse
#                  them on later runs (the chroot is still made afresh)
#   --keep         leave the chroot (and its mounts undone) for a look after
#
# Needs root, network access to the mirror, and a few minutes; not part of
# ctest. Installs debootstrap when missing. In the chroot, as root:
#   1. apt-get install ./dtrace_*.deb: the dependencies resolve from the mirror;
#   2. dtrace -V, from root's default PATH, is /usr/sbin/dtrace;
#   3. with /proc, /sys and /dev bound in: BEGIN/exit, a syscall count of a
#      -c command, curpsinfo through the built-in D library, dtrace -l;
#   4. man 8 dtrace renders (man-db installed for it);
#   5. systemtap-sdt-dev installs beside it (no file conflict), and then root
#      runs /usr/sbin/dtrace, a user's PATH finds /usr/bin/dtrace, and
#      `man dtrace` / `man 8 dtrace` are the two pages;
#   6. apt-get remove takes every file of the package away.
# Prints each step; exits 1 at the first failure.
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build_dir=${BUILD_DIR:-$repo_root/build}
deb="" mirror="" tarball="" keep=false
while (($#)); do
  case $1 in
    --build) build_dir=$2; shift 2 ;;
    --deb) deb=$2; shift 2 ;;
    --mirror) mirror=$2; shift 2 ;;
    --tarball) tarball=$2; shift 2 ;;
    --keep) keep=true; shift ;;
    -h|--help) sed -n '2,30p' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) echo "run.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
if ((EUID != 0)); then
  echo "run.sh: debootstrap and chroot need root" >&2
  exit 1
fi

step() { printf '\n== %s\n' "$*"; }
fail() { echo "run.sh: FAILED: $*" >&2; exit 1; }

# The mirror this machine's apt uses for bookworm main (deb822 or one-line).
find_mirror() {
  local f
  for f in /etc/apt/sources.list.d/*.sources; do
    [[ -f $f ]] || continue
    awk 'BEGIN { RS = ""; FS = "\n" }
         /(^|\n)Suites:[^\n]*(^| )bookworm( |\n|$)/ && /(^|\n)Components:[^\n]* main/ {
           for (i = 1; i <= NF; i++) if ($i ~ /^URIs:/) { split($i, u, " "); print u[2] } }' "$f"
  done
  cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
    awk '$1 == "deb" && $3 == "bookworm" { print $2 }'
  echo http://deb.debian.org/debian
}
[[ -n $mirror ]] || mirror=$(find_mirror | sed -n 1p)

work=$(mktemp -d /var/tmp/dtrace-package.XXXXXX)
root=$work/root
cleanup() {
  local status=$?
  for m in dev sys proc; do
    mountpoint -q "$root/$m" 2>/dev/null && umount -R "$root/$m"
  done
  if $keep; then
    echo "run.sh: chroot kept in $root"
  else
    rm -rf "$work"
  fi
  exit $status
}
trap cleanup EXIT

in_root() { chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LC_ALL=C \
  PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  DEBIAN_FRONTEND=noninteractive "$@"; }

step "the package"
if [[ -z $deb ]]; then
  [[ -f $build_dir/CPackConfig.cmake ]] ||
    fail "$build_dir is not a configured build tree (cmake -S . -B build first)"
  ninja -C "$build_dir" dtrace man_page >/dev/null
  cpack --config "$build_dir/CPackConfig.cmake" -B "$work/package" >"$work/cpack.log" 2>&1 ||
    { cat "$work/cpack.log"; fail "cpack"; }
  deb=$(ls "$work"/package/dtrace_*_amd64.deb)
fi
[[ -f $deb ]] || fail "no package $deb"
dpkg -I "$deb"

step "debootstrap bookworm from $mirror"
command -v debootstrap >/dev/null || {
  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap
}
started=$SECONDS
options=(--variant=minbase)
if [[ -n $tarball && ! -f $tarball ]]; then
  debootstrap "${options[@]}" --make-tarball="$tarball" bookworm "$work/tarball-root" "$mirror" \
    >"$work/debootstrap.log" 2>&1 || { tail -20 "$work/debootstrap.log"; fail "debootstrap --make-tarball"; }
  rm -rf "$work/tarball-root"
fi
[[ -n $tarball ]] && options+=(--unpack-tarball="$(realpath "$tarball")")
debootstrap "${options[@]}" bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1 ||
  { tail -20 "$work/debootstrap.log"; fail "debootstrap"; }
echo "debootstrap: $((SECONDS - started)) s, $(du -sh "$root" | cut -f1)"
grep -h PRETTY_NAME "$root/etc/os-release"

for m in proc sys dev; do
  mount --rbind "/$m" "$root/$m"
  mount --make-rslave "$root/$m"
done

step "apt-get install ./$(basename "$deb")"
cp "$deb" "$root/tmp/"
in_root apt-get update -q >/dev/null
in_root apt-get install -y -q -o Dpkg::Use-Pty=0 --no-install-recommends "/tmp/$(basename "$deb")" ||
  fail "apt-get install of the package"
in_root dpkg -s dtrace | grep -E '^(Status|Version|Depends):'
for lib in libbpf1 libelf1 zlib1g libmicrohttpd12 libstdc++6; do
  in_root dpkg -s "$lib" 2>/dev/null | grep -q '^Status: install ok installed' ||
    fail "$lib was not installed with the package"
done
echo "libbpf1, libelf1, zlib1g, libmicrohttpd12, libstdc++6 installed with it"

step "dtrace -V (root's PATH)"
[[ $(in_root sh -c 'command -v dtrace') == /usr/sbin/dtrace ]] || fail "dtrace is not /usr/sbin/dtrace"
in_root dtrace -V || fail "dtrace -V"

step "tracing from the chroot"
out=$(in_root dtrace -n 'BEGIN { printf("hello from the package\n"); exit(0); }' 2>&1) ||
  { echo "$out"; fail "dtrace -n BEGIN"; }
echo "$out"
grep -q '^  [0-9]  *1  *:BEGIN hello from the package$' <<<"$out" || fail "BEGIN output"
out=$(in_root dtrace -q -n 'syscall::openat:entry /pid == $target/ { @[copyinstr(arg1)] = count(); }
  END { printa("%s %@d\n", @); }' -c '/bin/cat /etc/debian_version' 2>&1) || { echo "$out"; fail "-c"; }
grep -x '/etc/debian_version 1' <<<"$out" || { echo "$out"; fail "openat of /etc/debian_version not counted"; }
out=$(in_root dtrace -q -n 'BEGIN { printf("%s %d\n", curpsinfo->pr_fname, curpsinfo->pr_pid == pid);
  exit(0); }' 2>&1) || { echo "$out"; fail "curpsinfo"; }
echo "$out"
[[ $out == "dtrace 1" ]] || fail "curpsinfo through the D library"
probes=$(in_root dtrace -l | wc -l)
echo "dtrace -l: $((probes - 1)) probes"
((probes > 1000)) || fail "dtrace -l listed only $probes lines"

step "man 8 dtrace"
in_root apt-get install -y -q --no-install-recommends man-db >/dev/null || fail "man-db"
in_root man -w 8 dtrace
in_root sh -c 'MANWIDTH=80 man 8 dtrace 2>&1 | col -b | head -6'
in_root sh -c 'man 8 dtrace 2>&1 >/dev/null' | grep . && fail "man 8 dtrace warned"

step "beside systemtap-sdt-dev"
in_root apt-get install -y -q --no-install-recommends systemtap-sdt-dev >/dev/null ||
  fail "systemtap-sdt-dev does not install beside dtrace"
root_path=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
user_path=$(sed -n 's/^ENV_PATH[[:space:]]*PATH=//p' "$root/etc/login.defs")
echo "root's PATH ($root_path): $(in_root sh -c "PATH=$root_path; command -v dtrace")"
echo "a user's PATH ($user_path): $(in_root sh -c "PATH=$user_path; command -v dtrace")"
[[ $(in_root sh -c "PATH=$root_path; command -v dtrace") == /usr/sbin/dtrace ]] ||
  fail "root does not run /usr/sbin/dtrace"
echo "man dtrace: $(in_root man -w dtrace); man 8 dtrace: $(in_root man -w 8 dtrace)"
in_root dtrace -V

step "apt-get remove dtrace"
files=$(in_root dpkg -L dtrace | while read -r f; do [[ -d $root$f ]] || echo "$f"; done)
in_root apt-get remove -y -q dtrace >/dev/null || fail "apt-get remove"
left=$(for f in $files; do [[ -e $root$f ]] && echo "$f"; done || true)
[[ -z $left ]] || fail "files left after removal: $left"
echo "removed: $(wc -w <<<"$files") files gone"

step "passed"
