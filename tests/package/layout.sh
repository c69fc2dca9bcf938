#!/usr/bin/env bash
# Checks what `cmake --install` and the .deb put where, without network or a
# chroot (run.sh does the real installation on a clean Debian 12):
#
#   tests/package/layout.sh <build-dir>
#
#   - cmake --install into a scratch DESTDIR gives exactly the expected files
#     under /usr: the command, the D library (identical to lib/dtrace), the
#     manual gzipped without name or time stamp, the examples, README.md;
#     and the installed command runs;
#   - cpack builds a .deb (into the scratch directory) holding those same
#     files, named dtrace, with libbpf1 among its dependencies, and without
#     the files of systemtap-sdt-dev's dtrace (/usr/bin/dtrace, dtrace(1))
#     or a Conflicts/Replaces/Breaks field.
# Prints one line per problem and exits 1 if there is any.
set -uo pipefail

if (($# != 1)); then
  echo "usage: $0 <build-dir>" >&2
  exit 2
fi
build=$(realpath "$1")
source_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
problems=0
problem() { echo "layout: $*"; problems=$((problems + 1)); }

# --- the installed tree ------------------------------------------------------
if ! DESTDIR=$scratch/root cmake --install "$build" --prefix /usr >"$scratch/install.log" 2>&1; then
  problem "cmake --install failed:"
  sed 's/^/    /' "$scratch/install.log"
  exit 1
fi

{
  echo usr/sbin/dtrace
  for f in "$source_dir"/lib/dtrace/*.d; do echo "usr/lib/dtrace/${f##*/}"; done
  echo usr/share/man/man8/dtrace.8.gz
  for f in "$source_dir"/examples/*.d; do echo "usr/share/doc/dtrace/examples/${f##*/}"; done
  echo usr/share/doc/dtrace/README.md
} | sort >"$scratch/expected"
(cd "$scratch/root" && find . -type f -o -type l) | sed 's|^\./||' | sort >"$scratch/installed"
if ! diff -u "$scratch/expected" "$scratch/installed" >"$scratch/diff"; then
  problem "cmake --install installed other files than expected (- expected, + installed):"
  sed 's/^/    /' "$scratch/diff"
fi

root=$scratch/root
if [[ -x $root/usr/sbin/dtrace ]]; then
  version=$("$root/usr/sbin/dtrace" -V 2>&1)
  [[ $version == "dtrace: Sun D "* ]] || problem "installed dtrace -V printed: $version"
else
  problem "usr/sbin/dtrace is not an executable"
fi
for f in "$source_dir"/lib/dtrace/*.d; do
  cmp -s "$f" "$root/usr/lib/dtrace/${f##*/}" ||
    problem "usr/lib/dtrace/${f##*/} differs from lib/dtrace/${f##*/}"
done
for f in "$source_dir"/examples/*.d; do
  cmp -s "$f" "$root/usr/share/doc/dtrace/examples/${f##*/}" ||
    problem "the installed example ${f##*/} differs from examples/${f##*/}"
done
man=$root/usr/share/man/man8/dtrace.8.gz
if [[ -f $man ]]; then
  gzip -dc "$man" | cmp -s - "$source_dir/docs/dtrace.8" ||
    problem "usr/share/man/man8/dtrace.8.gz is not docs/dtrace.8 gzipped"
  # gzip -n: flags byte (no FNAME) and MTIME zero, so the package is reproducible.
  header=$(od -An -tx1 -N8 "$man" | tr -d ' \n')
  [[ $header == 1f8b080000000000 ]] ||
    problem "dtrace.8.gz was not compressed with gzip -n (header $header)"
fi

# --- the package ---------------------------------------------------------------
if ! cpack --config "$build/CPackConfig.cmake" -B "$scratch/package" >"$scratch/cpack.log" 2>&1; then
  problem "cpack failed:"
  sed 's/^/    /' "$scratch/cpack.log"
  exit 1
fi
debs=("$scratch"/package/dtrace_*_amd64.deb)
if [[ ${#debs[@]} != 1 || ! -f ${debs[0]} ]]; then
  problem "cpack made no dtrace_*_amd64.deb:"
  ls "$scratch/package" | sed 's/^/    /'
  exit 1
fi
deb=${debs[0]}
dpkg-deb -c "$deb" | awk '$1 !~ /^d/ { sub(/^\.\//, "", $6); print $6 }' | sort >"$scratch/packaged"
if ! diff -u "$scratch/expected" "$scratch/packaged" >"$scratch/diff"; then
  problem "the .deb holds other files than expected (- expected, + packaged):"
  sed 's/^/    /' "$scratch/diff"
fi
field() { dpkg-deb -f "$deb" "$1"; }
[[ $(field Package) == dtrace ]] || problem "Package: $(field Package), not dtrace"
[[ $(field Architecture) == amd64 ]] || problem "Architecture: $(field Architecture)"
[[ $(field Depends) =~ (^|, )libbpf1\ \( ]] || problem "Depends does not name libbpf1: $(field Depends)"
[[ $(field Depends) =~ (^|, )libmicrohttpd12\ \( ]] ||
  problem "Depends does not name libmicrohttpd12: $(field Depends)"
[[ $(field Depends) =~ (^|, )libstdc\+\+6\ \( ]] ||
  problem "Depends does not name libstdc++6: $(field Depends)"
for f in Conflicts Replaces Breaks; do
  [[ -z $(field $f) ]] || problem "the package declares $f: $(field $f)"
done
for f in usr/bin/dtrace usr/share/man/man1/dtrace.1.gz; do
  grep -qx "$f" "$scratch/packaged" && problem "the package holds $f, which systemtap-sdt-dev owns"
done
dpkg-deb -x "$deb" "$scratch/unpacked"
version=$("$scratch/unpacked/usr/sbin/dtrace" -V 2>&1)
[[ $version == "dtrace: Sun D "* ]] || problem "the packaged dtrace -V printed: $version"

if ((problems > 0)); then
  echo "layout: $problems problems"
  exit 1
fi
echo "layout: installed tree and $(basename "$deb") hold the expected files"
