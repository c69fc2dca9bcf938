#!/usr/bin/env bash
# Sets up and builds (scripts/setup.sh), checks the e2e runner itself, then
# runs every test through ctest: the unit-test binaries and the e2e suite.
# The release run includes the e2e suite on Linux 6.1 under qemu (ctest
# qemu-6.1). When that passes, it builds everything again with
# AddressSanitizer and UndefinedBehaviorSanitizer (clang; into
# build-sanitize/, or $SANITIZE_BUILD_DIR) and runs the same suite there
# but for qemu-6.1, plus the compile fuzzer on its seeds and earlier
# findings: any sanitizer report fails.
# Extra arguments go to both ctest runs (e.g. -R e2e, or -V).
#   DT_NO_SANITIZE=1 scripts/test.sh   the release suite only
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${BUILD_DIR:-$repo_root/build}
sanitize_dir=${SANITIZE_BUILD_DIR:-$repo_root/build-sanitize}
sanitize=true
[[ ${DT_NO_SANITIZE:-} == 1 ]] && sanitize=false

if $sanitize; then
  "$repo_root/scripts/setup.sh" --sanitizers
else
  "$repo_root/scripts/setup.sh"
fi
"$repo_root/tests/e2e/run.sh" --selftest
(cd "$build_dir" && ctest --output-on-failure "$@")
$sanitize || exit 0

echo "test.sh: the same suite with AddressSanitizer and UndefinedBehaviorSanitizer"
if [[ ! -f $sanitize_dir/build.ninja ]]; then
  CC=clang-14 CXX=clang++-14 cmake -S "$repo_root" -B "$sanitize_dir" -G Ninja \
    -DDT_SANITIZE=ON -DDT_FUZZ=ON
fi
ninja -C "$sanitize_dir"
# Reports stop the program (-fno-sanitize-recover) with a stack; leaks count.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1
# Not the qemu suite again: the release run covered Linux 6.1, and a
# sanitized binary under emulation would take most of CI's time.
(cd "$sanitize_dir" && ctest --output-on-failure -LE qemu "$@")
