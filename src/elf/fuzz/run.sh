#!/usr/bin/env bash
# Builds the elf stage's libFuzzer target with clang (ASan + UBSan) and runs
# it, seeded with the test binaries and a few system objects.
#
#   src/elf/fuzz/run.sh [SECONDS]     default 60; needs a built build/elf_testdata
#
# Self-contained on purpose: it compiles the stage's sources directly and
# needs nothing from the CMake build but the seed binaries.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
seconds=${1:-60}
out=${FUZZ_DIR:-$repo/build/elf_fuzz}
mkdir -p "$out/corpus"
sources=()
for f in "$repo"/src/elf/*.cc; do
  [[ $f == *_test.cc ]] || sources+=("$f")
done
clang++ -std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -I "$repo/src" "${sources[@]}" "$repo/src/elf/fuzz/elf_fuzzer.cc" -lelf -o "$out/elf_fuzzer"
for seed in "$repo"/build/elf_testdata/* /usr/lib/x86_64-linux-gnu/libelf.so.1; do
  [[ -f $seed ]] && cp -f "$seed" "$out/corpus/" || true
done
"$out/elf_fuzzer" -max_total_time="$seconds" -max_len=262144 -rss_limit_mb=4096 \
  -timeout=20 "$out/corpus"
