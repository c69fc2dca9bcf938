#!/usr/bin/env bash
# Builds the compiler's libFuzzer target (fuzz/compile_fuzzer.cc) with clang,
# AddressSanitizer and UndefinedBehaviorSanitizer into build-fuzz/ (or
# $FUZZ_BUILD_DIR), then fuzzes for SECONDS (default 60) in one process (one job).
#
#   scripts/fuzz.sh [SECONDS] [extra libFuzzer flags...]
#
# It starts from the seed corpus (every D program of the tests, examples and
# D library: fuzz/make_corpus.sh) and the corpus earlier runs grew, kept in
# build-fuzz/corpus/. A finding (crash, sanitizer report, hang over 10 s,
# runaway memory, overlong error message) stops the run; its input is in
# build-fuzz/findings/ (rerun it: build-fuzz/fuzz/compile_fuzzer FILE).
# Needs clang-14 and libclang-rt-14-dev (scripts/setup.sh --sanitizers).
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${FUZZ_BUILD_DIR:-$repo_root/build-fuzz}
seconds=${1:-60}
shift $(($# > 0 ? 1 : 0))

if [[ ! -f $build_dir/build.ninja ]]; then
  CC=clang-14 CXX=clang++-14 cmake -S "$repo_root" -B "$build_dir" -G Ninja \
    -DDT_SANITIZE=ON -DDT_FUZZ=ON
fi
ninja -C "$build_dir" compile_fuzzer

rm -rf "$build_dir/seeds"
"$repo_root/fuzz/make_corpus.sh" "$build_dir/seeds"
mkdir -p "$build_dir/corpus" "$build_dir/findings"
# New inputs go to the first directory: the kept corpus, not the seeds.
exec "$build_dir/fuzz/compile_fuzzer" "$build_dir/corpus" "$build_dir/seeds" \
  -dict="$repo_root/fuzz/d.dict" -max_total_time="$seconds" \
  -timeout=10 -rss_limit_mb=2048 -max_len=8192 -print_final_stats=1 \
  -artifact_prefix="$build_dir/findings/" "$@"
